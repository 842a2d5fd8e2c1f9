import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';

/** How the origin misbehaves for one path (tests and benchmarks tell it). */
export type OriginFault =
  | { readonly status: number }
  | { readonly invalidJson: true }
  | { readonly delayMs: number }
  /** Answers only once `until` settles: lets a test act while a fetch is in flight. */
  | { readonly gate: Promise<unknown> }
  /** Answers a 302 to `location` (absolute, or relative to the request). */
  | { readonly redirect: string };

/** Options of {@link startArtifactsOrigin}. */
export interface ArtifactsOriginOptions {
  /** A folder served as the object store (`<root>/<package>@<version>/<artifact>`), read on every request. */
  readonly root?: string;
  /** Objects kept in memory, by path (`/@acme/ui-hero1@1.0.0/data.json`); they win over `root`. */
  readonly objects?: Readonly<Record<string, unknown>>;
  /** Delay before every answer, in ms (the benchmark's 50 ms origin). */
  readonly delayMs?: number;
  /** Default: 0 (a free port). */
  readonly port?: number;
}

/** A running local object-store origin. */
export interface ArtifactsOrigin {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Requests received for `path`, or for every path when omitted. */
  requests(path?: string): number;
  /** Request counts by path. */
  counts(): Record<string, number>;
  /** The most requests for one path (any path when omitted) being answered at once, since the last reset. */
  maxInFlight(path?: string): number;
  /** Every request received, in order: its path and its headers (lower-case names). */
  received(): readonly { readonly path: string; readonly headers: Readonly<Record<string, string>> }[];
  /** Forgets the request counts and the requests received. */
  resetRequests(): void;
  /** Puts (or replaces) an object: JSON-serialised unless it is a string. */
  put(path: string, value: unknown): void;
  /** Removes an in-memory object (the origin then answers 404 unless `root` has it). */
  remove(path: string): void;
  /** Makes `path` misbehave; `undefined` heals it. */
  fail(path: string, fault: OriginFault | undefined): void;
  /** Resolves when the next request for `path` arrives. */
  nextRequest(path: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The embedded default object store: a real HTTP server on 127.0.0.1 that serves JSON objects
 * by path, counts requests per path and can be told to fail. Tests, benchmarks and `npm start`
 * all use it.
 */
export async function startArtifactsOrigin(options: ArtifactsOriginOptions = {}): Promise<ArtifactsOrigin> {
  const objects = new Map<string, string>();
  for (const [path, value] of Object.entries(options.objects ?? {})) objects.set(path, serialise(value));
  const faults = new Map<string, OriginFault>();
  const counts = new Map<string, number>();
  const received: { path: string; headers: Record<string, string> }[] = [];
  const waiters = new Map<string, (() => void)[]>();
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();

  const app = new Hono();
  app.get('*', async (c) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    const now = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, now);
    maxInFlight.set(path, Math.max(now, maxInFlight.get(path) ?? 0));
    try {
      return await answer(c, path);
    } finally {
      inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
    }
  });
  const answer = async (c: Context, path: string) => {
    counts.set(path, (counts.get(path) ?? 0) + 1);
    received.push({ path, headers: c.req.header() });
    for (const wake of waiters.get(path) ?? []) wake();
    waiters.delete(path);
    if (options.delayMs) await delay(options.delayMs);
    const fault = faults.get(path);
    if (fault !== undefined) {
      if ('status' in fault) return c.text(`fault ${fault.status}`, fault.status as 500);
      if ('invalidJson' in fault) return c.body('{"truncated": ', 200, { 'content-type': 'application/json' });
      if ('redirect' in fault) return c.body(null, 302, { location: fault.redirect });
      if ('delayMs' in fault) await delay(fault.delayMs);
      if ('gate' in fault) await fault.gate.catch(() => {});
    }
    const body = objects.get(path) ?? (await readFromRoot(options.root, path));
    if (body === undefined) return c.text('Not found', 404);
    return c.body(body, 200, { 'content-type': contentTypeOf(path) });
  };

  const server = await listen(app, options.port ?? 0);
  return {
    url: serverUrl(server),
    requests: (path) =>
      path === undefined ? [...counts.values()].reduce((sum, n) => sum + n, 0) : (counts.get(path) ?? 0),
    counts: () => Object.fromEntries(counts),
    maxInFlight: (path) => (path === undefined ? Math.max(0, ...maxInFlight.values()) : (maxInFlight.get(path) ?? 0)),
    received: () => [...received],
    resetRequests: () => {
      counts.clear();
      maxInFlight.clear();
      received.length = 0;
    },
    put: (path, value) => objects.set(path, serialise(value)),
    remove: (path) => objects.delete(path),
    fail: (path, fault) => (fault === undefined ? faults.delete(path) : faults.set(path, fault)),
    nextRequest: (path) =>
      new Promise<void>((resolve) => {
        waiters.set(path, [...(waiters.get(path) ?? []), resolve]);
      }),
    close: () => closeServer(server),
  };
}

/** Images published beside the catalog (SVG previews, media files), by extension. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * JSON objects, and the images that sit beside them: a browser refuses an image of another origin
 * served as JSON (opaque response blocking), as it would from a CDN.
 */
function contentTypeOf(path: string): string {
  return IMAGE_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/json';
}

function serialise(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function readFromRoot(
  root: string | undefined,
  path: string,
): Promise<string | Uint8Array<ArrayBuffer> | undefined> {
  if (root === undefined) return undefined;
  const file = normalize(join(root, path));
  if (!file.startsWith(normalize(root) + sep)) return undefined; // no `..` out of the folder
  // Images as their bytes (a PNG is not UTF-8); JSON as text.
  const bytes = await readFile(file).catch(() => undefined);
  if (bytes === undefined) return undefined;
  return contentTypeOf(path).startsWith('image/') ? new Uint8Array(bytes) : bytes.toString('utf8');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Serves `app` on 127.0.0.1 and resolves once it listens (rejects on EADDRINUSE and the like). */
export function listen(app: Hono, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(server));
    server.once('error', reject);
  });
}

/** `http://127.0.0.1:<port>` of a server started by {@link listen}. */
export function serverUrl(server: ServerType): string {
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}

/** Closes a server, dropping idle keep-alive sockets so it does not wait for them. */
export function closeServer(server: ServerType): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}
