import { join } from 'node:path';
import { Hono } from 'hono';
import { readCatalogFile } from '../stack/read-catalog-file.js';
import { type PublishTarget, republishArtifact } from './republish-artifact.js';
import { RepublishError } from './republish-error.js';

/** What the publisher API reads the origins' request counts from. */
export interface OriginCounters {
  artifacts(): Record<string, number>;
  esm(): Record<string, number>;
}

/** The largest republish body accepted (an artifact is small JSON). */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The playground's publisher API, mounted by the dev server under `/__playground`:
 * - `POST /republish` `{packageId, artifact?, content?}` (JSON, same origin only):
 *   {@link republishArtifact} (artifact default data.json; without content, a visible change),
 *   one at a time. 200 with the result; 400 bad body or content, 403 another origin, 404 unknown
 *   package, 413 too large, 415 not JSON, 409 a current artifact that is not JSON, 502 when the
 *   origin or the host fails.
 * - `GET /stats`: request counts of the artifacts origin and the ESM origin, by path.
 */
export function createPublisherApi(target: PublishTarget, counters: OriginCounters): Hono {
  const app = new Hono();
  let queue: Promise<unknown> = Promise.resolve();
  app.get('/stats', (c) => c.json({ artifacts: counters.artifacts(), esm: counters.esm() }));
  app.post('/republish', async (c) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && new URL(origin).host !== c.req.header('host')) {
      return c.json({ error: 'Cross-origin requests are refused' }, 403);
    }
    if (!/^application\/json\b/.test(c.req.header('content-type') ?? '')) {
      return c.json({ error: 'Content-Type must be application/json' }, 415);
    }
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) return c.json({ error: 'Body too large' }, 413);
    let body: { packageId?: unknown; artifact?: unknown; content?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ error: 'Invalid JSON body' }, 400);
    }
    if (typeof body !== 'object' || body === null || typeof body.packageId !== 'string') {
      return c.json({ error: 'Missing packageId' }, 400);
    }
    const run = async () => {
      const catalog = await readCatalogFile(join(target.artifactsDir, 'catalog.json'));
      const pkg = catalog.packages.find((candidate) => candidate.id === body.packageId);
      if (pkg === undefined) throw new RepublishError('unknown-package', `Unknown package: ${body.packageId}`);
      const artifact = typeof body.artifact === 'string' ? body.artifact : 'data.json';
      return republishArtifact(target, pkg, artifact, body.content);
    };
    // One publish at a time: two uploads of one artifact must not verify each other's bytes.
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    try {
      return c.json(await result);
    } catch (error) {
      if (error instanceof RepublishError) return c.json({ error: error.message, code: error.code }, error.status);
      throw error;
    }
  });
  return app;
}
