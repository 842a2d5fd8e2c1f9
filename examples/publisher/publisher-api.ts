import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { type Catalog, parseCatalog } from '../../contracts/index.js';
import { type PublishTarget, RepublishError, republishArtifact } from './republish-artifact.js';

/** What the publisher API reads the origins' request counts from. */
export interface OriginCounters {
  artifacts(): Record<string, number>;
  esm(): Record<string, number>;
}

/** The largest republish body accepted (the host's own artifact limit is larger; this is a demo panel). */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The playground's publisher API, mounted by the dev server under `/__playground`:
 * - `POST /republish` `{packageId, artifact?, content?}`: {@link republishArtifact} (artifact
 *   default data.json; without content, a visible change). 200 with the result; 400 for a bad
 *   body, 404 for an unknown package, 502 when the origin or the host fails.
 * - `GET /stats`: request counts of the artifacts origin and the ESM origin, by path (tests
 *   and the curious read what the host fetched).
 */
export function createPublisherApi(target: PublishTarget, counters: OriginCounters): Hono {
  const app = new Hono();
  app.get('/stats', (c) => c.json({ artifacts: counters.artifacts(), esm: counters.esm() }));
  app.post('/republish', async (c) => {
    const text = await c.req.text();
    if (text.length > MAX_BODY_BYTES) return c.json({ error: 'Body too large' }, 413);
    let body: { packageId?: unknown; artifact?: unknown; content?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ error: 'Invalid JSON body' }, 400);
    }
    if (typeof body?.packageId !== 'string') return c.json({ error: 'Missing packageId' }, 400);
    const catalog = await readCatalog(target.artifactsDir);
    const pkg = catalog.packages.find((candidate) => candidate.id === body.packageId);
    if (pkg === undefined) return c.json({ error: `Unknown package: ${body.packageId}` }, 404);
    try {
      const artifact = typeof body.artifact === 'string' ? body.artifact : 'data.json';
      return c.json(await republishArtifact(target, pkg, artifact, body.content));
    } catch (error) {
      if (error instanceof RepublishError) return c.json({ error: error.message }, error.status);
      throw error;
    }
  });
  return app;
}

async function readCatalog(artifactsDir: string): Promise<Catalog> {
  const parsed = parseCatalog(JSON.parse(await readFile(join(artifactsDir, 'catalog.json'), 'utf8')));
  if (!parsed.ok) throw new Error(`Invalid catalog: ${parsed.issues.join('; ')}`);
  return parsed.catalog;
}
