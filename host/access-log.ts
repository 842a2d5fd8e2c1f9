import type { IncomingMessage, ServerResponse } from 'node:http';
// Imported, not the global: Node's global `performance` is a getter on globalThis, and reading it
// twice a request showed in a profile of the host under load (40 ns a request).
import { performance } from 'node:perf_hooks';
import { RequestIdResponse } from './request-id-response.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f\\]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const UNPRINTABLE_ALL = /[\x00-\x1f\x7f-\x9f\\]/g;

/**
 * One access line: method, path, status and the time to the response in ms with one decimal
 * (`GET /healthz 200 0.4ms`). Never headers, query or body, so the revalidation secret cannot
 * reach a log. Control characters of the path are written as `\xNN` ({@link printable}).
 * Built by hand (no `toFixed`, no replace when nothing needs escaping): it runs on every request.
 */
export function accessLine(method: string, path: string, status: number, ms: number): string {
  const tenths = Math.round(ms * 10);
  return `${method} ${printable(path)} ${status} ${Math.trunc(tenths / 10)}.${tenths % 10}ms`;
}

/**
 * `text` with its control characters and backslashes written as `\xNN`, fit for one log line: a
 * request cannot forge a line or colour a terminal (Hono decodes `%0A` and `%1B` in `c.req.path`).
 */
export function printable(text: string): string {
  if (!UNPRINTABLE.test(text)) return text;
  return text.replace(UNPRINTABLE_ALL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Where {@link accessLoggedResponse} writes: the process logger ({@link ProcessLogger.writeAccess}). */
export interface AccessLogSink {
  writeAccess(method: string, target: string, status: number, startedAt: number, now: number, requestId: string): void;
}

/**
 * A `ServerResponse` class for `http.createServer({ ServerResponse })` that writes one access line
 * per request to `sink` when the response ends: the method, the path as the client sent it (no
 * query), the status sent, and the time from the parsed request head to the end of the answer.
 * A response that is never ended gets no line: a streamed body whose client left, which
 * @hono/node-server cancels without ending it (the host's answers are whole bodies).
 * The process (main.ts) logs here rather than around the app's fetch: no promise or closure per
 * request, and answers the app never sees (Node's 400 for a request without `Host`,
 * @hono/node-server's own errors) get their line too (docs/host-process.md). It is a
 * {@link RequestIdResponse}: the line carries the id the answer's `x-request-id` carries.
 */
export function accessLoggedResponse(sink: AccessLogSink): typeof ServerResponse {
  return class AccessLoggedResponse<
    Request extends IncomingMessage = IncomingMessage,
  > extends RequestIdResponse<Request> {
    /** `performance.now()` when Node made the response (the request head parsed); -1 once logged. */
    #startedAt = performance.now();

    override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
      try {
        super.end(chunk as string, encoding as BufferEncoding, callback as () => void);
      } finally {
        this.#log();
      }
      return this;
    }

    #log(): void {
      if (this.#startedAt < 0) return;
      const startedAt = this.#startedAt;
      this.#startedAt = -1;
      sink.writeAccess(
        this.req.method ?? '',
        this.req.url ?? '',
        this.statusCode,
        startedAt,
        performance.now(),
        this.requestId,
      );
    }
  };
}
