/**
 * The page ↔ catalog service worker protocol. The page posts a request with a MessagePort; the
 * worker answers on that port with the matching reply.
 */
export type WorkerRequest =
  | {
      /** Asks what the mirror holds (answered with {@link MirrorStatus}). */
      readonly type: 'mirror-status';
    }
  | {
      /** Empties the mirror. */
      readonly type: 'clear-mirror';
    }
  /**
   * App shell (opt-in): mirror the editor page (`document`) and the same-origin resources it
   * loaded before the worker controlled it, so a reload works offline from the first visit on.
   */
  | {
      /** Mirrors the app shell. */
      readonly type: 'mirror-app-shell';
      /** The editor page's URL. */
      readonly document: string;
      /** The same-origin resources the page loaded. */
      readonly resources: readonly string[];
    };

/** What the worker holds in its mirror. */
export interface MirrorStatus {
  /** The reply to a `mirror-status` request. */
  readonly type: 'mirror-status';
  /** How many answers the mirror holds. */
  readonly entries: number;
  /** Their size in bytes. */
  readonly bytes: number;
  /** The mirror limit in bytes (least recently used answers leave first). */
  readonly maxBytes: number;
  /** Mirrored URLs, least recently used first. */
  readonly urls: readonly string[];
}

/** Replies, one per request type. */
export type WorkerReply =
  | MirrorStatus
  | {
      /** The mirror is empty now. */
      readonly type: 'mirror-cleared';
    }
  /** How many of the app shell's URLs are now mirrored. */
  | {
      /** The app shell was mirrored. */
      readonly type: 'app-shell-mirrored';
      /** How many of its URLs the mirror holds now. */
      readonly mirrored: number;
    };

/** The response header that marks an answer served from the mirror; its value is a {@link MirrorReason}. */
export const MIRROR_HEADER = 'x-catalog-mirror';

/**
 * Why the mirror answered: `offline` (the host could not be reached, or not in time) or `stale`
 * (the host answered a server error for an entry or a compiled module, which rendering saved
 * instances needs: the last good copy stands in for it).
 */
export type MirrorReason = 'offline' | 'stale';

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
  /** `1`: mirror the editor's app shell too (its page and same-origin scripts, styles, fonts, images). */
  appShell: 'appShell',
} as const;
