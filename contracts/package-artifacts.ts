import type { PackageDescriptor } from './package-descriptor.js';

/** A JSON object as parsed from an artifact body. */
export type JsonObject = { [key: string]: unknown };

/** puck.json (spec 2.3): editor field configuration. */
export interface PuckConfig {
  /** The schema.json the fields were derived from (`./json/schema.json`). */
  $source?: string;
  /** The component's title in the editor. */
  title?: string;
  /** Always `object` when given. */
  type?: string;
  /** Each prop's Puck field definition (docs/design.md "puck.json and the editor"). */
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The artifact and module URLs of one package version (spec 2.4 `urls`). */
export interface PackageUrls {
  /** descriptor.json's URL. */
  descriptor: string;
  /** data.json's URL. */
  data: string;
  /** puck.json's URL. */
  puck: string;
  /** meta.json's URL. */
  meta: string;
  /** schema.json's URL. */
  schema: string;
  /** The module URL on the ESM origin (spec 2.3). */
  module: string;
}

/**
 * The result of loading one package (spec 2.4). An artifact the origin answers 404 for is null;
 * that includes the descriptor (docs/design.md: the entry is then built from the catalog alone).
 */
export interface PackageArtifacts {
  /** descriptor.json, or null when the origin has none. */
  descriptor: PackageDescriptor | null;
  /** data.json: the props a new instance starts with, or null. */
  data: JsonObject | null;
  /** puck.json, or null. */
  puck: PuckConfig | null;
  /** meta.json, or null. */
  meta: JsonObject | null;
  /** schema.json, or null. */
  schema: JsonObject | null;
  /** Where each artifact and the module live. */
  urls: PackageUrls;
}
