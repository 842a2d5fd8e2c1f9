import type { PackageDescriptor } from './package-descriptor.js';

/** A JSON object as parsed from an artifact body. */
export type JsonObject = { [key: string]: unknown };

/** puck.json (spec 2.3): editor field configuration. */
export interface PuckConfig {
  $source?: string;
  title?: string;
  type?: string;
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The artifact and module URLs of one package version (spec 2.4 `urls`). */
export interface PackageUrls {
  descriptor: string;
  data: string;
  puck: string;
  meta: string;
  schema: string;
  module: string;
}

/**
 * The result of loading one package (spec 2.4). An artifact the origin answers 404 for is null;
 * that includes the descriptor (docs/design.md: the entry is then built from the catalog alone).
 */
export interface PackageArtifacts {
  descriptor: PackageDescriptor | null;
  data: JsonObject | null;
  puck: PuckConfig | null;
  meta: JsonObject | null;
  schema: JsonObject | null;
  urls: PackageUrls;
}
