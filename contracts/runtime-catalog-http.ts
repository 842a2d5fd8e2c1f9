import type { ArtifactName } from './artifact-name.js';
import type { CatalogEntry } from './catalog-entry.js';
import type { HostErrorCode } from './host-error-code.js';

/** Every JSON error answer of the host (docs/design.md HTTP contract). */
export interface ErrorBody {
  error: string;
  code: HostErrorCode;
}

/** A package the whole-catalog build could not load. */
export interface CatalogBuildFailure {
  packageId: string;
  error: string;
}

/** `GET /api/runtime-catalog` (docs/design.md). */
export interface RuntimeCatalogResponse {
  entries: CatalogEntry[];
  failures: CatalogBuildFailure[];
}

/** `POST /api/revalidate` body (spec 4.2). */
export interface RevalidateRequest {
  packageId: string;
  artifact?: ArtifactName;
}

/** `POST /api/revalidate` success (spec 4.2): `artifact` only when one was invalidated. */
export interface RevalidateResponse {
  revalidated: true;
  packageId: string;
  artifact?: ArtifactName;
  tag: string;
}

/** The header carrying the shared secret (spec 4.2, 5). */
export const REVALIDATION_SECRET_HEADER = 'x-revalidation-secret';

/** Route paths of the host (docs/design.md HTTP contract). */
export const HOST_ROUTES = {
  runtimeCatalog: '/api/runtime-catalog',
  revalidate: '/api/revalidate',
  remoteComponent: '/api/remote-component',
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
 * first moment of a shutdown; the others from a shared (Redis) store.
 */
export type NotReadyReason = 'draining' | 'redis-disconnected' | 'bus-not-listening' | 'redis-failing';

/** The body of `GET /readyz`. */
export type ReadinessBody = { ready: true } | { ready: false; reason: NotReadyReason };

/** `GET /api/runtime-catalog/<id>` */
export function entryPath(packageId: string): string {
  return `${HOST_ROUTES.runtimeCatalog}/${encodeURIComponent(packageId)}`;
}

/** `GET /api/runtime-catalog/<id>/<artifact>` */
export function artifactPath(packageId: string, artifact: ArtifactName): string {
  return `${entryPath(packageId)}/${artifact}`;
}
