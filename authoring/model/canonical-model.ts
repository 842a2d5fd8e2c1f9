import type { SourceFile } from '../source/source-file.js';
import type { Attribute } from './attribute.js';

/** A component of the canonical model (spec 4.4 component file). */
export interface ComponentModel {
  /** `category.name`. */
  readonly id: string;
  readonly category: string;
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly attributes: readonly Attribute[];
  readonly file: SourceFile;
}

/** A collection of the canonical model (spec 4.4 collection file). */
export interface CollectionModel {
  readonly id: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly draftAndPublish: boolean;
  readonly i18n: boolean;
  readonly attributes: readonly Attribute[];
  readonly file: SourceFile;
}

/**
 * The one model every validator and generator reads: parse → canonical model → validate → emit.
 * Components and collections are sorted by id.
 */
export interface CanonicalModel {
  /** The schema package's version (`src/source/version.json`). */
  readonly version: string;
  /** Every component, sorted by id. */
  readonly components: readonly ComponentModel[];
  /** Every collection, sorted by id. */
  readonly collections: readonly CollectionModel[];
}
