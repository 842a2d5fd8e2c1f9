import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { readCatalogFile } from '../stack/read-catalog-file.js';
import { type PublishTarget, RepublishStepsError, republishArtifact } from './republish-artifact.js';
import { RepublishError } from './republish-error.js';
import type { RepublishErrorBody } from './republish-wire.js';

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
 *   one at a time. 200 with the result (`steps`: upload, verify, revalidate, as the publishing
 *   tool reported them); 400 bad body or content, 403 another origin, 404 unknown
 *   package, 413 too large (answered at the limit, the rest never read), 415 not JSON, 409 a
 *   current artifact that is not JSON, 502 when the origin or the host fails.
 * - `GET /stats`: request counts of the artifacts origin and the ESM origin, by path.
 *
 * Every error, the unexpected included, is `{error, code}` JSON ({@link RepublishError}).
 */
export function createPublisherApi(target: PublishTarget, counters: OriginCounters): Hono {
  const app = new Hono();
  let queue: Promise<unknown> = Promise.resolve();
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
  app.post(
    '/republish',
    sameOriginOnly(),
    jsonOnly(),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request.
        c.header('connection', 'close');
        throw new RepublishError('body-too-large', `Body too large (the limit is ${MAX_BODY_BYTES} bytes)`);
      },
    }),
    async (c) => {
      let body: { packageId?: unknown; artifact?: unknown; content?: unknown };
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new RepublishError('invalid-body', 'Invalid JSON body');
      }
      if (typeof body !== 'object' || body === null || typeof body.packageId !== 'string') {
        throw new RepublishError('invalid-body', 'Missing packageId');
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
      return c.json(await result);
    },
  );
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

/** Refuses a request whose Origin is not this server (`Origin: null`, a sandboxed frame, included). */
function sameOriginOnly(): MiddlewareHandler {
  return async function sameOriginOnly(c, next) {
    const origin = c.req.header('origin');
    if (origin !== undefined && (!URL.canParse(origin) || new URL(origin).host !== c.req.header('host'))) {
      throw new RepublishError('cross-origin', 'Cross-origin requests are refused');
    }
    await next();
  };
}

/** Refuses a body that is not declared as JSON (a form post from another site cannot declare it). */
function jsonOnly(): MiddlewareHandler {
  return async function jsonOnly(c, next) {
    if (!/^application\/json\b/.test(c.req.header('content-type') ?? '')) {
      throw new RepublishError('unsupported-media-type', 'Content-Type must be application/json');
    }
    await next();
  };
}
