/** Spec 4.4's source layout, relative to the schema package root. */
export const sourceLayout = {
  versionFile: 'src/source/version.json',
  lockFile: 'src/source/component-ids.lock.json',
  componentsDir: 'src/source/components',
  collectionsDir: 'src/source/collections',
  sotDir: 'src/sot',
} as const;

/** The validation schemas of src/sot/, one per kind of source file (plus the shared field schema). */
export const sotNames = ['version', 'component', 'collection', 'field', 'component-ids.lock'] as const;

/** The name of one validation schema of src/sot/. */
export type SotName = (typeof sotNames)[number];

/** `src/sot/<name>.schema.json`. */
export function sotPath(name: SotName): string {
  return `${sourceLayout.sotDir}/${name}.schema.json`;
}
