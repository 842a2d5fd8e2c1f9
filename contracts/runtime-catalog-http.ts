import type { ArtifactName } from './artifact-name.js';
import type { CatalogEntry } from './catalog-entry.js';
import type { HostErrorCode } from './host-error-code.js';

/** Every JSON error answer of the host (docs/design.md HTTP contract). */
export interface ErrorBody {
  /** A message for people; code against `code`, never this. */
  error: string;
  /** The stable error code. */
  code: HostErrorCode;
}

/** A package the whole-catalog build could not load. */
export interface CatalogBuildFailure {
  /** The package's id. */
  packageId: string;
  /** Why it could not be loaded (the artifact load error). */
  error: string;
}

/** `GET /api/runtime-catalog` (docs/design.md). */
export interface RuntimeCatalogResponse {
  /** The entry of every package that loaded. */
  entries: CatalogEntry[];
  /** The packages that did not; a build with failures is answered but not cached. */
  failures: CatalogBuildFailure[];
}

/** `POST /api/revalidate` body (spec 4.2). */
export interface RevalidateRequest {
  /** The package whose tags are dropped. */
  packageId: string;
  /** Only this artifact; without it, the whole package. */
  artifact?: ArtifactName;
}

/** `POST /api/revalidate` success (spec 4.2): `artifact` only when one was invalidated. */
export interface RevalidateResponse {
  /** Always true: a failure is an error answer. */
  revalidated: true;
  /** The package revalidated. */
  packageId: string;
  /** The artifact revalidated, when the request named one. */
  artifact?: ArtifactName;
  /** The cache tag dropped (`runtime-artifact:<id>:<artifact>` or `runtime-package:<id>`, spec 3). */
  tag: string;
}

/** The header carrying the shared secret (spec 4.2, 5). */
export const REVALIDATION_SECRET_HEADER = 'x-revalidation-secret';

/** Route paths of the host (docs/design.md HTTP contract). */
export const HOST_ROUTES = {
  /** The whole catalog; `/<id>` one entry, `/<id>/<artifact>` one artifact. */
  runtimeCatalog: '/api/runtime-catalog',
  /** Invalidates an artifact or a package (`POST`, shared secret). */
  revalidate: '/api/revalidate',
  /** A remote module compiled for the browser (`?url=<module URL>[&integrity=<sri>]`). */
  remoteComponent: '/api/remote-component',
  /** Liveness: 200 while the process runs. */
  health: '/healthz',
  /** Readiness (docs/design.md "Operations (production)"): 200 `{"ready": true}` or 503 with the reason. */
  ready: '/readyz',
  /**
   * Prometheus metrics (docs/design.md "Operations (production)"): the text format, with
   * `METRICS=on` (the default) on the main port, or on `METRICS_PORT` instead.
   */
  metrics: '/metrics',
} as const;

/**
 * Why `GET /readyz` answers 503 (docs/host-process.md "Readiness and drain"): `draining` from the
 * first moment of a shutdown. A Redis outage does not make an instance unready: it degrades it.
 */
export type NotReadyReason = 'draining';

/**
 * Why a ready instance serves slower than usual (docs/cache-outages.md "Degraded reads"):
 * `redis-unavailable` while its shared cache cannot be reached, when every read goes to the origins.
 */
export type DegradedReason = 'redis-unavailable';

/** The body of `GET /readyz`. */
export type ReadinessBody =
  | {
      /** The instance can serve (200). */
      ready: true;
      /** Present while it serves without its shared cache. */
      degraded?: DegradedReason;
    }
  | {
      /** The instance cannot serve now (503). */
      ready: false;
      /** Why not. */
      reason: NotReadyReason;
    };

/**
 * `GET /api/runtime-catalog/<id>`; with `version`, `?version=<semver>`: the entry of that published
 * version of the package (docs/design.md HTTP contract).
 */
export function entryPath(packageId: string, version?: string): string {
  return `${packagePath(packageId)}${versionQuery(version)}`;
}

/**
 * `GET /api/runtime-catalog/<id>/<artifact>`; with `version`, `?version=<semver>`: that artifact of
 * that published version of the package (docs/design.md HTTP contract).
 */
export function artifactPath(packageId: string, artifact: ArtifactName, version?: string): string {
  return `${packagePath(packageId)}/${artifact}${versionQuery(version)}`;
}

function packagePath(packageId: string): string {
  return `${HOST_ROUTES.runtimeCatalog}/${encodeURIComponent(packageId)}`;
}

// Encoded whole: a `+` of a version (build metadata, which the host refuses) must reach it as `+`,
// not as the space that form decoding makes of a bare one.
function versionQuery(version: string | undefined): string {
  return version === undefined ? '' : `?version=${encodeURIComponent(version)}`;
}
