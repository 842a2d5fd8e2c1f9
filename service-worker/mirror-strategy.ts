import { MIRROR_HEADER, type MirrorReason } from '@runtime-component-catalog/contracts';
import { type Mirror, usedNow } from './mirror.js';
import type { MirrorRecord } from './mirror-database.js';

/** Headers of a host answer that are not kept with a mirrored record (transport, not content). */
const TRANSPORT_HEADERS = new Set([
  'connection',
  'keep-alive',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
]);

/** How long a HEAD's validation stands in for the GET that follows it (the SDK's HEAD then import). */
const HANDOFF_MS = 10_000;

/**
 * The mirror strategy (online the host decides, offline the mirror answers):
 * - online: a conditional GET (`If-None-Match` with the mirrored ETag for same-origin hosts,
 *   `cache: 'no-cache'` always, so the browser's HTTP cache cannot answer for it); 304 → the
 *   mirrored body; 200 → update the mirror, then answer; other statuses pass through;
 * - offline, host unreachable or no answer within `timeoutMs` → the mirrored copy, marked with
 *   `x-catalog-mirror: offline`; with no copy, the network error passes through;
 * - a host server error (5xx) for a URL that `keepsLastGood` accepts (entries, compiled modules)
 *   → the last good mirrored copy, marked `x-catalog-mirror: stale`: a broken artifact never
 *   hides the saved instances of its package (docs/sdk.md).
 * A HEAD is answered by the same validation (headers only), and hands its result to the GET of
 * the same URL that follows within 10 s, so that HEAD + import cost one request to the host.
 */
export class MirrorStrategy {
  readonly #mirror: Mirror;
  readonly #timeoutMs: number;
  readonly #keepsLastGood: (url: URL) => boolean;
  readonly #handoffs = new Map<string, number>();

  constructor(mirror: Mirror, timeoutMs: number, keepsLastGood: (url: URL) => boolean = () => false) {
    this.#mirror = mirror;
    this.#timeoutMs = timeoutMs;
    this.#keepsLastGood = keepsLastGood;
  }

  /** Answers a GET; `key`: the mirror key when it is not the request's URL (an app shell page). */
  async get(request: Request, key: string = request.url): Promise<Response> {
    const handedAt = this.#handoffs.get(request.url);
    if (handedAt !== undefined) {
      this.#handoffs.delete(request.url);
      const record = Date.now() - handedAt < HANDOFF_MS ? await this.#mirror.get(request.url) : undefined;
      if (record !== undefined) return responseOf(record);
    }
    return this.#validate(request, key);
  }

  /** Answers a HEAD (the SDK's check of a compiled module's externals). */
  async head(request: Request): Promise<Response> {
    const response = await this.#validate(
      new Request(request.url, { method: 'GET', mode: request.mode, credentials: request.credentials }),
    );
    // Hand over only what the mirror really holds for this answer (same ETag).
    const held = await this.#mirror.peek(request.url);
    if (response.ok && held !== undefined && held.etag === response.headers.get('etag')) {
      this.#handoffs.set(request.url, Date.now());
    }
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  async #validate(request: Request, key: string = request.url): Promise<Response> {
    const url = request.url;
    const mirrored = await this.#mirror.get(key);
    const headers = new Headers(request.headers);
    // A custom header on a cross-origin request would need a CORS preflight: there, `no-cache`
    // lets the browser's HTTP cache make the conditional request itself.
    if (mirrored?.etag && new URL(url).origin === self.location.origin) headers.set('if-none-match', mirrored.etag);
    let response: Response;
    try {
      response = await fetchWithTimeout(
        new Request(url, {
          method: 'GET',
          headers,
          cache: 'no-cache',
          mode: request.mode === 'navigate' ? 'same-origin' : request.mode,
          credentials: request.credentials,
        }),
        this.#timeoutMs,
      );
    } catch (error) {
      if (mirrored !== undefined) return responseOf(mirrored, 'offline');
      throw error;
    }
    if (response.status === 304 && mirrored !== undefined) return responseOf(mirrored);
    if (response.status >= 500 && mirrored !== undefined && this.#keepsLastGood(new URL(url))) {
      return responseOf(mirrored, 'stale');
    }
    if (response.status !== 200 || response.type === 'opaque') return response;
    const body = await response.arrayBuffer();
    const kept: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!TRANSPORT_HEADERS.has(name)) kept[name] = value;
    });
    const record: MirrorRecord = {
      url: key,
      body,
      etag: response.headers.get('etag'),
      contentType: response.headers.get('content-type'),
      headers: kept,
      storedAt: Date.now(),
      lastUsed: usedNow(),
      size: body.byteLength,
    };
    await this.#mirror.put(record);
    return new Response(body, { status: 200, statusText: response.statusText, headers: kept });
  }
}

declare const self: { location: { origin: string } };

async function fetchWithTimeout(request: Request, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Host did not answer in time', 'TimeoutError')),
    timeoutMs,
  );
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

function responseOf(record: MirrorRecord, reason?: MirrorReason): Response {
  const headers = new Headers(record.headers);
  if (reason !== undefined) headers.set(MIRROR_HEADER, reason);
  return new Response(record.body.slice(0), { status: 200, headers });
}
