import type { LoadedAttribute } from '../boot-report.js';

// A schema package as the property test generates it: every field both as the source the author
// writes (shorthand or object form) and as the attribute Strapi must end up holding, so what Strapi
// loaded is compared with the generator's own model, not with the CLI's output.

/** The attribute Strapi must hold for a field (LoadedAttribute without its name). */
export type ExpectedAttribute = Omit<LoadedAttribute, 'name'>;

/** One field: its name, its source value, and the attribute Strapi must load. */
export interface FieldSpec {
  readonly name: string;
  readonly source: unknown;
  readonly expected: ExpectedAttribute;
}

/** A component file (`file` is relative to src/source/). */
export interface ComponentSpec {
  readonly id: string;
  readonly file: string;
  readonly fields: readonly FieldSpec[];
}

/** A collection file (`file` is relative to src/source/). */
export interface CollectionSpec {
  readonly id: string;
  readonly file: string;
  readonly mode: 'collection' | 'single';
  readonly draft: boolean;
  readonly i18n: boolean;
  readonly fields: readonly FieldSpec[];
}

/** A whole schema package, and the language of its controllers, routes and services. */
export interface PackageSpec {
  readonly language: 'js' | 'ts';
  readonly components: readonly ComponentSpec[];
  readonly collections: readonly CollectionSpec[];
}

/** `api::<id>.<id>`: a collection's content-type uid (plugin and admin uids stay as they are). */
export function targetUid(target: string): string {
  return target.includes('::') ? target : `api::${target}.${target}`;
}
