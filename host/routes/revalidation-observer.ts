/** What a revalidation asked for: one artifact, a whole package, or nothing readable. */
export type RevalidationKind = 'artifact' | 'package' | 'unknown';

/** How it ended: 200, 401 (secret), 400 or 413 (body), 405 (method), or a failure (5xx). */
export type RevalidationResult = 'ok' | 'unauthorized' | 'invalid' | 'method-not-allowed' | 'failed';

/** Hears of every `POST /api/revalidate` answer (the host's metrics, docs/host-metrics.md "Metrics"). */
export interface RevalidationObserver {
  revalidated(kind: RevalidationKind, result: RevalidationResult): void;
}
