/**
 * The page ↔ catalog service worker protocol. The page posts a request with a MessagePort; the
 * worker answers on that port with the matching reply.
 */
export type WorkerRequest = { readonly type: 'mirror-status' } | { readonly type: 'clear-mirror' };

/** What the worker holds in its mirror. */
export interface MirrorStatus {
  readonly type: 'mirror-status';
  readonly entries: number;
  readonly bytes: number;
  readonly maxBytes: number;
  /** Mirrored URLs, least recently used first. */
  readonly urls: readonly string[];
}

/** Replies, one per request type. */
export type WorkerReply = MirrorStatus | { readonly type: 'mirror-cleared' };

/** The response header that marks an answer served from the mirror (offline, or host unreachable). */
export const MIRROR_HEADER = 'x-catalog-mirror';

/** Query parameters of the worker script URL that configure it (resolved once at start). */
export const WORKER_PARAMS = {
  /** The host's origin (its entry, artifact and remote-component routes are mirrored). */
  host: 'host',
  /** The lightweight catalog's URL (mirrored too, so an offline editor has its list). */
  catalog: 'catalog',
  /** Upper bound of the mirror in bytes. */
  maxBytes: 'maxBytes',
  /** How long to wait for the host before answering from the mirror, in ms. */
  timeoutMs: 'timeoutMs',
} as const;
