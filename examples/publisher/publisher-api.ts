import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import type { PlaygroundPageStoreChoice } from '../playground/page-store-choice.js';
import { readCatalogFile } from '../stack/read-catalog-file.js';
import { jsonPost, readJsonObject } from './json-post.js';
import type { ReleaseTarget } from './release-versions.js';
import { type PublishTarget, republishArtifact } from './republish-artifact.js';
import { RepublishError, RepublishStepsError } from './republish-error.js';
import type { RepublishErrorBody } from './republish-wire.js';
import { addVersionsRoutes, type Serial } from './versions-routes.js';

/** What the publisher API reads the origins' request counts from. */
export interface OriginCounters {
  artifacts(): Record<string, number>;
  esm(): Record<string, number>;
}

/**
 * The playground's publisher API, mounted by the dev server under `/__playground`:
 * - `POST /republish` `{packageId, artifact?, content?}` (JSON, same origin only):
 *   {@link republishArtifact} (artifact default data.json; without content, a visible change),
 *   one at a time. 200 with the result (`steps`: upload, verify, revalidate, as the publishing
 *   tool reported them); 400 bad body or content, 403 another origin, 404 unknown
 *   package, 413 too large (answered at the limit, the rest never read), 415 not JSON, 409 a
 *   current artifact that is not JSON, 502 when the origin or the host fails.
 * - `GET /stats`: request counts of the artifacts origin and the ESM origin, by path.
 * - given `releases`, the versions routes (versions-routes.ts): `GET /versions`,
 *   `POST /publish-release`, `POST /rollback`.
 * - given `pageStore`, `GET /page-store`: the editor's page store as it is now (on Strapi, a
 *   release's redeploy changes its token and schema), answered after the publishes queued before it.
 *
 * Republishes, release publishes and rollbacks run one at a time, in order. Every error, the
 * unexpected included, is `{error, code}` JSON ({@link RepublishError}).
 */
export function createPublisherApi(
  target: PublishTarget,
  counters: OriginCounters,
  releases?: ReleaseTarget,
  pageStore?: () => Promise<PlaygroundPageStoreChoice>,
): Hono {
  const app = new Hono();
  let queue: Promise<unknown> = Promise.resolve();
  // One write at a time: two uploads of one artifact must not verify each other's bytes, and a
  // rollback must not point the catalog at a version while it is being published.
  const serial: Serial = (task) => {
    const result = queue.then(task, task);
    queue = result.catch(() => undefined);
    return result;
  };
  app.onError((error, c) =>
    errorResponse(
      c,
      error instanceof RepublishError
        ? error
        : new RepublishError('internal-error', `Internal error: ${error.message}`, { cause: error }),
    ),
  );
  app.notFound((c) =>
    errorResponse(c, new RepublishError('unknown-endpoint', `No such endpoint: ${c.req.method} ${c.req.path}`)),
  );
  app.get('/stats', (c) => c.json({ artifacts: counters.artifacts(), esm: counters.esm() }));
  app.post('/republish', ...jsonPost(), async (c) => {
    const body = await readJsonObject(c, 'Missing packageId');
    const { packageId } = body;
    if (typeof packageId !== 'string') throw new RepublishError('invalid-body', 'Missing packageId');
    const run = async () => {
      const catalog = await readCatalogFile(join(target.artifactsDir, 'catalog.json'));
      const pkg = catalog.packages.find((candidate) => candidate.id === packageId);
      if (pkg === undefined) throw new RepublishError('unknown-package', `Unknown package: ${packageId}`);
      const artifact = typeof body.artifact === 'string' ? body.artifact : 'data.json';
      return republishArtifact(target, pkg, artifact, body.content);
    };
    return c.json(await serial(run));
  });
  if (releases !== undefined) addVersionsRoutes(app, releases, serial);
  if (pageStore !== undefined) app.get('/page-store', async (c) => c.json(await serial(pageStore)));
  return app;
}

/**
 * The API as a Node request listener (the dev server mounts it): a request Hono cannot even be
 * given (a malformed target) is answered as JSON too.
 */
export function publisherRequestListener(api: Hono): ReturnType<typeof getRequestListener> {
  return getRequestListener(api.fetch, {
    errorHandler: (error) => {
      const refused = new RepublishError(
        'invalid-body',
        `Bad request: ${error instanceof Error ? error.message : String(error)}`,
      );
      const body: RepublishErrorBody = { error: refused.message, code: refused.code };
      return Response.json(body, { status: refused.status });
    },
  });
}

/** `{error, code}`, and the steps the publishing tool reported before it failed, when it ran. */
function errorResponse(c: Context, error: RepublishError): Response {
  const body: RepublishErrorBody = {
    error: error.message,
    code: error.code,
    ...(error instanceof RepublishStepsError ? { steps: error.steps } : {}),
  };
  return c.json(body, error.status);
}
