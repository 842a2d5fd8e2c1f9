import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// @acme/ui-hero1 2.0.0 in the package copy: `subtitle` renamed `tagline`, `fullHeight` removed, a
// new `eyebrow` required by the props schema. In the Strapi component `eyebrow` is optional:
// until the contract, the component holds 1.x blocks too, which have none, and an editor must
// still be able to publish a page holding one. The 2.0.0 migration fills it, so every instance
// the store reads after migrate-pages has it (what the props schema asks).

type Json = Record<string, unknown>;
export const heroSource = 'src/source/components/hero/hero1.json';
const variantDir = 'packages/ui-hero1';

/** Major 1 to 2: the old subtitle is the tagline; the old full-height flag becomes the eyebrow. */
const migrations = `export const migrations = {
  1: ({ subtitle, fullHeight, ...rest }: Record<string, unknown>) => ({
    ...rest,
    ...(subtitle === undefined ? {} : { tagline: subtitle }),
    eyebrow: fullHeight === true ? 'Full height' : 'Hero',
  }),
};
`;

async function edit(root: string, path: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(join(root, path), 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error(`${path}: the edit changed nothing`);
  await writeFile(join(root, path), changed);
}

const editJson = (root: string, path: string, change: (json: Json) => Json) =>
  edit(root, path, (text) => `${JSON.stringify(change(JSON.parse(text) as Json), null, 2)}\n`);

/** The 2.0.0 props (meta.json `props`, data.json): the 1.0.0 ones moved as the migration moves them. */
function props2({ subtitle, fullHeight: _removed, ...rest }: Json): Json {
  return { ...rest, tagline: subtitle, eyebrow: 'Hero' };
}

/** The variant package at 2.0.0: version, props schema and defaults, editor fields, migrations. */
export async function writeVariant2(root: string): Promise<void> {
  await editJson(root, `${variantDir}/package.json`, (json) => ({ ...json, version: '2.0.0' }));
  await editJson(root, `${variantDir}/meta.json`, (meta) => {
    const schema = meta.schema as { required: string[]; properties: Json };
    const { subtitle, fullHeight: _removed, ...properties } = schema.properties;
    return {
      ...meta,
      props: props2(meta.props as Json),
      schema: {
        ...schema,
        required: [...schema.required, 'eyebrow'],
        properties: { ...properties, tagline: subtitle, eyebrow: { type: 'string' } },
      },
    };
  });
  await editJson(root, `${variantDir}/data.json`, props2);
  await editJson(root, `${variantDir}/puck.json`, (puck) => {
    const { subtitle, fullHeight: _removed, ...fields } = puck.properties as Json;
    return { ...puck, properties: { eyebrow: { type: 'text', label: 'Eyebrow' }, ...fields, tagline: subtitle } };
  });
  await writeFile(join(root, variantDir, 'src/migrations.ts'), migrations);
  await edit(
    root,
    `${variantDir}/src/index.tsx`,
    (text) => `${text.replaceAll('subtitle', 'tagline')}\nexport { migrations } from './migrations';\n`,
  );
}

/** The component source's part of the change besides the rename: fullHeight declared removed, eyebrow added. */
export function declareRemovalAndAdd(root: string): Promise<void> {
  return edit(root, heroSource, (text) =>
    text
      .replace('"fullHeight": "boolean"', '"fullHeight": { "type": "boolean", "deprecated": true }')
      .replace('"title": "string!",', '"title": "string!",\n    "eyebrow": "string",'),
  );
}

/** The rename done by hand instead of rename:field: the source simply says `tagline` where it said `subtitle`. */
export function renameByHand(root: string): Promise<void> {
  return edit(root, heroSource, (text) => text.replace('"subtitle": "text",', '"tagline": "text",'));
}
