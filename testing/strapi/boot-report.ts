// The wire protocol between the boot harness (parent) and the child that runs Strapi: the child's
// input, and the one report it sends back over the IPC channel. Both sides import these types.

import type { StrapiAttribute } from './child/strapi-surface.js';

/** What the child is asked to boot. */
export interface BootRequest {
  /** The temporary Strapi app (package.json, config/, src/, public/uploads, .env). */
  readonly appDir: string;
  /** `js`: Strapi loads appDir itself; `ts`: the child compiles appDir into appDir/dist first. */
  readonly language: 'js' | 'ts';
}

/** One attribute as Strapi holds it after register (only the keys that describe its shape). */
export type LoadedAttribute = { readonly name: string } & Pick<
  StrapiAttribute,
  | 'type'
  | 'relation'
  | 'target'
  | 'inversedBy'
  | 'mappedBy'
  | 'component'
  | 'components'
  | 'repeatable'
  | 'enum'
  | 'required'
>;

/** The keys of an attribute that LoadedAttribute carries (beside its name), in this order. */
export const attributeShapeKeys = [
  'type',
  'relation',
  'target',
  'inversedBy',
  'mappedBy',
  'component',
  'components',
  'repeatable',
  'enum',
  'required',
] as const;

/** A content type (`api::*`) or a component as Strapi loaded it. */
export interface LoadedModel {
  readonly uid: string;
  /** `collectionType`, `singleType`, or `component`. */
  readonly kind: string;
  readonly collectionName: string;
  /** The attributes the generated file declared (`__schema__`), in file order. */
  readonly declared: readonly string[];
  /** Every attribute Strapi holds, its own additions (createdAt, locale, …) included, in order. */
  readonly attributes: readonly LoadedAttribute[];
}

/** `findMany` of one content type with every relation, component, dynamic zone and media populated. */
export interface QueryCheck {
  readonly uid: string;
  readonly populate: readonly string[];
  /** How many documents came back (one per row the link checks created, at least). */
  readonly count: number;
  readonly error?: string;
}

/**
 * One declared relation linked through real rows: a target row, a source row linking it (through
 * the component path when the relation sits in a component), read back from the source and, for
 * a two-way relation, from the target's side.
 */
export interface LinkCheck {
  /** The content type whose row holds the link. */
  readonly source: string;
  /** Attribute names from the source content type to the relation (`[relation]`, or through components). */
  readonly path: readonly string[];
  readonly target: string;
  readonly relation: string;
  /** The target's attribute of the other side (inversedBy/mappedBy), when the relation has one. */
  readonly inverse?: string;
  /** The source row, read back, shows the target row. */
  readonly forward: boolean;
  /** The target row, read back through `inverse`, shows the source row (null: one-way relation). */
  readonly backward: boolean | null;
  /**
   * The source's other relations (beside it in the same model) that show the target row too: a
   * link table shared by two attributes (Strapi names link tables by the snake-cased attribute).
   */
  readonly leaks: readonly string[];
  readonly error?: string;
}

/** The milliseconds of each step (compile only for `ts`). */
export interface BootTimings {
  readonly compileMs?: number;
  readonly registerMs: number;
  readonly bootstrapMs: number;
  readonly checksMs: number;
}

/** Strapi booted: what it loaded and the checks run on it. */
export interface BootSuccess {
  readonly ok: true;
  readonly contentTypes: readonly LoadedModel[];
  readonly components: readonly LoadedModel[];
  readonly queries: readonly QueryCheck[];
  readonly links: readonly LinkCheck[];
  readonly timings: BootTimings;
}

/** Strapi refused the app: at which step, and its error message. */
export interface BootFailure {
  readonly ok: false;
  readonly stage: 'compile' | 'register' | 'bootstrap' | 'checks' | 'exit' | 'timeout';
  readonly error: string;
}

/** The one message the child sends. */
export type BootReport = BootSuccess | BootFailure;
