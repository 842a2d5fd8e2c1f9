import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createHostApp } from '../../host/host-app.js';
import {
  type ArtifactsOrigin,
  closeServer,
  listen,
  serverUrl,
  startArtifactsOrigin,
} from '../origins/artifacts-origin.js';
import { type EsmOrigin, startEsmOrigin } from '../origins/esm-origin.js';

/** The revalidation secret of the publish stack's host. */
export const PUBLISH_STACK_SECRET = 'publish-stack-secret-0123456789';

/** How the stack's host answers `/api/revalidate` for a while (a fault injected in front of the real host). */
export type RevalidateFault = { readonly status: number; readonly body: string } | undefined;

/**
 * What a publish talks to, all real servers on 127.0.0.1 (the embedded default): the artifacts
 * store folder and its origin (the catalog at `<origin>/catalog.json`), the ESM store folder and
 * its origin (`<esm url>/esm`), and a host reading both, with the revalidate calls it answered.
 */
export interface PublishStack {
  readonly artifactsDir: string;
  readonly esmDir: string;
  readonly origin: ArtifactsOrigin;
  readonly esm: EsmOrigin;
  /** The host's ESM_ORIGIN: `<esm url>/esm`, or the `esmOrigin` it was started with. */
  readonly esmOrigin: string;
  readonly hostUrl: string;
  /** Every `/api/revalidate` body the host received, in order, with the status it answered. */
  readonly revalidations: { readonly body: unknown; readonly status: number }[];
  /** Makes the host's revalidate answer `fault` (before the real host sees the request); `undefined` heals it. */
  failRevalidate(fault: RevalidateFault): void;
  /** GET a host path, parsed as JSON. */
  hostJson(path: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/**
 * Starts a publish stack on empty store folders (no catalog yet: the first publish writes it).
 * `artifactsOrigin` and `esmOrigin` point the host at other origins (an S3-compatible server's
 * bucket URL, nginx serving a folder).
 */
export async function startPublishStack(
  options: { readonly artifactsOrigin?: string; readonly esmOrigin?: string } = {},
): Promise<PublishStack> {
  const dir = await mkdtemp(join(tmpdir(), 'publish-stack-'));
  const artifactsDir = join(dir, 'artifacts');
  const esmDir = join(dir, 'esm');
  await mkdir(artifactsDir);
  await mkdir(esmDir);
  const origin = await startArtifactsOrigin({ root: artifactsDir });
  const esm = await startEsmOrigin({}, 0, { folder: { prefix: '/esm', dir: esmDir } });
  const esmOrigin = options.esmOrigin ?? `${esm.url}/esm`;
  const artifactsOrigin = options.artifactsOrigin ?? origin.url;
  const host = createHostApp({
    catalogSource: `${artifactsOrigin}/catalog.json`,
    artifactsOrigin,
    esmOrigin,
    revalidationSecret: PUBLISH_STACK_SECRET,
  });
  const revalidations: { body: unknown; status: number }[] = [];
  let fault: RevalidateFault;
  const front = new Hono();
  front.post('/api/revalidate', async (c) => {
    const text = await c.req.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    if (fault !== undefined) {
      revalidations.push({ body, status: fault.status });
      return c.text(fault.body, fault.status as 500);
    }
    const answer = await host.fetch(new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body: text }));
    revalidations.push({ body, status: answer.status });
    return answer;
  });
  front.all('*', (c) => host.fetch(c.req.raw));
  const server: ServerType = await listen(front, 0);
  const hostUrl = serverUrl(server);
  return {
    artifactsDir,
    esmDir,
    origin,
    esm,
    esmOrigin,
    hostUrl,
    revalidations,
    failRevalidate: (next) => {
      fault = next;
    },
    async hostJson(path) {
      const response = await fetch(`${hostUrl}${path}`);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: response.status, body };
    },
    async close() {
      await closeServer(server);
      await esm.close();
      await origin.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
