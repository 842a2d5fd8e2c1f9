import type { AttributeOptions, AttributeSpec, DeprecatedField, UiOptions } from './attribute.js';

/** A field of the compiled schema: the canonical attribute without its source location. */
export type CompiledAttribute = AttributeSpec & {
  readonly name: string;
  readonly required: boolean;
  readonly options: AttributeOptions;
  readonly ui: UiOptions;
  /** For relations: the collection id when the target is one of ours. */
  readonly targetCollection?: string;
  /** Only in `deprecatedAttributes`. */
  readonly deprecated?: DeprecatedField;
};

/** A component of the compiled schema. */
export interface CompiledComponent {
  readonly id: string;
  readonly category: string;
  readonly name: string;
  readonly uid: string;
  readonly collectionName: string;
  readonly displayName: string;
  readonly description: string;
  readonly attributes: readonly CompiledAttribute[];
  /**
   * Deprecated fields, absent when none: only the Strapi output has them (stored values stay
   * until `generate --contract`); types and the global registry describe `attributes`.
   */
  readonly deprecatedAttributes?: readonly CompiledAttribute[];
}

/** A collection of the compiled schema. */
export interface CompiledCollection {
  readonly id: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly uid: string;
  readonly singularName: string;
  readonly pluralName: string;
  readonly collectionName: string;
  readonly displayName: string;
  readonly description: string;
  readonly draftAndPublish: boolean;
  readonly i18n: boolean;
  readonly attributes: readonly CompiledAttribute[];
}

/** The format number of the compiled schema cache; bumped when its shape changes. */
export const compiledSchemaFormat = 1;

/**
 * The compiled schema: the validated canonical model as plain data, with every Strapi name
 * derived once. Every generator reads this; `generate` writes it as the compiled schema cache that
 * `generate:types` reads (spec 4.4).
 */
export interface CompiledSchema {
  /** The cache format (a cache of another format is stale). */
  readonly format: typeof compiledSchemaFormat;
  /** SHA-256 of the source files it was compiled from (stale-cache detection). */
  readonly sourceHash: string;
  /** The schema package's version. */
  readonly version: string;
  /** Every component, with its Strapi names. */
  readonly components: readonly CompiledComponent[];
  /** Every collection, with its Strapi names. */
  readonly collections: readonly CompiledCollection[];
}
