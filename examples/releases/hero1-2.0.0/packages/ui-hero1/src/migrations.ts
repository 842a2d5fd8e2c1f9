/**
 * From major 1 to 2 (docs/authoring-versions.md "Migrations"): the old subtitle is the tagline, and
 * the removed full-height flag becomes the eyebrow, which 2.0.0 requires.
 */
export const migrations = {
  1: ({ subtitle, fullHeight, ...rest }: Record<string, unknown>) => ({
    ...rest,
    ...(subtitle === undefined ? {} : { tagline: subtitle }),
    eyebrow: fullHeight === true ? 'Full height' : 'Hero',
  }),
};
