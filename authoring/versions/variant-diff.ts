import { attributeChangesBetween } from './attribute-changes.js';
import { type Bump, bumpBetween, maxBump } from './bump.js';
import type { Change } from './change.js';
import type { PublishedSource } from './published-source.js';
import { type AttributesSnapshot, lastPublishedVersion, readPublishedVersion } from './published-version.js';
import { schemaChanges } from './schema-changes.js';

/** A variant as its source has it now, at the version being checked. */
export interface VariantState {
  readonly variant: string;
  readonly package: string;
  /** The version checked: package.json's, or the one changeset:version plans. */
  readonly version: string;
  /** meta.json's `schema`. */
  readonly schema: unknown;
  /** The Strapi attributes of its component now; undefined when it has none. */
  readonly attributes: AttributesSnapshot | undefined;
}

/** The changes of a variant since its last published version (the `variants` of `diff --format json`). */
export interface VariantDiff {
  readonly variant: string;
  readonly package: string;
  /** The catalog's version (the last published); null when the variant was never published. */
  readonly published: string | null;
  readonly version: string;
  readonly changes: readonly Change[];
  /** The bump the changes need together. */
  readonly needed: Bump;
  /** The bump from `published` to `version`. */
  readonly bump: Bump;
  /** Whether the Strapi attributes were compared: the published version holds a snapshot. */
  readonly strapiCompared: boolean;
}

/**
 * The changes of `state` since the catalog's version of its package, read from `source`: the props
 * schema against the published schema.json, the Strapi attributes against the published snapshot
 * (when the version has one). A variant never published has no changes and needs no bump.
 */
export async function diffVariant(
  source: PublishedSource,
  catalogKey: string,
  state: VariantState,
): Promise<VariantDiff> {
  const published = await lastPublishedVersion(source, catalogKey, state.package);
  const base = { variant: state.variant, package: state.package, version: state.version };
  if (published === undefined)
    return { ...base, published: null, changes: [], needed: 'none', bump: 'none', strapiCompared: false };
  const before = await readPublishedVersion(source, state.package, published);
  const changes: Change[] = schemaChanges(before.schema, state.schema).map((found) => ({ part: 'props', ...found }));
  if (before.attributes !== undefined) {
    const after = state.attributes?.attributes ?? {};
    changes.push(
      ...attributeChangesBetween(before.attributes.attributes, after).map((found) => ({
        part: 'strapi' as const,
        ...found,
      })),
    );
  }
  return {
    ...base,
    published,
    changes,
    needed: changes.reduce<Bump>((bump, found) => maxBump(bump, found.bump), 'none'),
    bump: bumpBetween(published, state.version),
    strapiCompared: before.attributes !== undefined,
  };
}

/** One change as a line: `props title: renamed to heading (major)`. */
export function formatChange(found: Change): string {
  return `${found.part} ${found.path}: ${found.detail} (${found.bump})`;
}
