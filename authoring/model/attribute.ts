import type { SourceFile } from '../source/source-file.js';

/** Spec 4.4's scalar types; each is also Strapi's own attribute type of the same name. */
export const scalarTypes = [
  'string',
  'text',
  'blocks',
  'richtext',
  'email',
  'password',
  'date',
  'time',
  'datetime',
  'timestamp',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
] as const;

/** A scalar attribute type. */
export type ScalarType = (typeof scalarTypes)[number];

/** Relation types of the shorthand (morph relations are not part of the source format). */
export const relationTypes = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'] as const;

/** One of the four relation types. */
export type RelationType = (typeof relationTypes)[number];

/** Strapi's media kinds for `allowedTypes`. */
export const mediaTypes = ['images', 'files', 'videos', 'audios'] as const;

/** One media kind. */
export type MediaType = (typeof mediaTypes)[number];

/** The object form's UI keys (spec 4.4); they go to the admin sidecar, never to schema.json. */
export interface UiOptions {
  readonly label?: string;
  readonly placeholder?: string;
  readonly help?: string;
  readonly hidden?: boolean;
  readonly readonly?: boolean;
  readonly widget?: string;
  readonly group?: string;
  readonly width?: number;
}

/** The UI keys, in the order the sidecar writes them. */
export const uiKeys = ['label', 'placeholder', 'help', 'hidden', 'readonly', 'widget', 'group', 'width'] as const;

/** The object form's common and validation keys, passed to Strapi as they are (but `localized`). */
export interface AttributeOptions {
  readonly unique?: boolean;
  readonly default?: unknown;
  readonly private?: boolean;
  readonly configurable?: boolean;
  readonly localized?: boolean;
  readonly min?: number | string;
  readonly max?: number | string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly regex?: string;
}

/** The common and validation keys, in the order they are read. */
export const optionKeys = [
  'unique',
  'default',
  'private',
  'configurable',
  'localized',
  'min',
  'max',
  'minLength',
  'maxLength',
  'regex',
] as const;

/** The type-specific part of an attribute, in Strapi's vocabulary. */
export type AttributeSpec =
  | { readonly type: ScalarType }
  | { readonly type: 'uid'; readonly targetField?: string }
  | { readonly type: 'enumeration'; readonly enum: readonly string[] }
  | { readonly type: 'media'; readonly multiple: boolean; readonly allowedTypes: readonly MediaType[] }
  | {
      readonly type: 'relation';
      readonly relation: RelationType;
      /** Collection id or full uid as written. */
      readonly target: string;
      readonly inversedBy?: string;
      readonly mappedBy?: string;
    }
  | { readonly type: 'component'; readonly component: string; readonly repeatable: boolean }
  | { readonly type: 'dynamiczone'; readonly components: readonly string[] }
  | {
      readonly type: 'customField';
      readonly customField: string;
      /** The custom field's own `options` (named apart from the attribute options). */
      readonly customOptions?: Readonly<Record<string, unknown>>;
    };

/** Where a field is written: the file and the path of its value (`["fields", name]`). */
export interface FieldSource {
  readonly file: SourceFile;
  readonly path: readonly (string | number)[];
  readonly form: 'shorthand' | 'object';
}

/**
 * A component field kept for the values stored pages hold (docs/authoring-strapi-migrations.md):
 * Strapi keeps its attribute, hidden in the admin, until `generate --contract`; `renamedTo` names
 * the field its values were copied to (rename:field).
 */
export interface DeprecatedField {
  readonly renamedTo?: string;
}

/** One field of a component or collection in the canonical model, shared by every generator. */
export type Attribute = AttributeSpec & {
  readonly name: string;
  readonly required: boolean;
  readonly options: AttributeOptions;
  readonly ui: UiOptions;
  readonly source: FieldSource;
  /** Present on a deprecated field only (the object form's `"deprecated": true`). */
  readonly deprecated?: DeprecatedField;
};

/** An attribute of a given type. */
export type AttributeOf<T extends Attribute['type']> = Extract<Attribute, { type: T }>;
