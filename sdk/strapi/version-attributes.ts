import { isRecord } from './strapi-schema.js';

/**
 * The Strapi attributes of a variant's component as one version of its package was published
 * with: the `<package>@<version>/strapi-attributes.json` record `catalog-schema publish` writes
 * (`{format, component, attributes}`; docs/authoring-versions.md "Strapi attributes").
 */
export interface VersionAttributes {
  /** The component id (`hero.hero1`). */
  readonly component: string;
  /** Attribute name → the attribute as that version declared it. */
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** {@link VersionAttributes} by `<package>@<version>`, the key the record is stored under. */
export type VersionAttributesByKey = Readonly<Record<string, VersionAttributes>>;

/**
 * The attributes of `component` that are props of an instance of `pkg` at `version`: the names its
 * version's record lists, or undefined (every attribute of the component) when there is no record
 * for it or the record is of another component.
 */
export function propAttributesOf(
  records: VersionAttributesByKey | undefined,
  pkg: string,
  version: string,
  component: string,
): ReadonlySet<string> | undefined {
  const record = records?.[`${pkg}@${version}`];
  if (record === undefined || record.component !== component || !isRecord(record.attributes)) return undefined;
  return new Set(Object.keys(record.attributes));
}
