import { createHash, timingSafeEqual } from 'node:crypto';
import { isArtifactName, REVALIDATION_SECRET_HEADER } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HostError } from '../host-error.js';
import type { RuntimeCatalog } from '../runtime-catalog.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';
import type { RevalidationKind, RevalidationObserver, RevalidationResult } from './revalidation-observer.js';

/** Largest revalidate body accepted (docs/design.md): 16 KiB. */
export const MAX_REVALIDATE_BODY_BYTES = 16 * 1024;

/**
 * `POST /api/revalidate` (spec 4.2, 5, 7). Order: the secret (401) before anything of the body
 * (spec 7), then the size (413), JSON (400 `Invalid JSON body`), packageId, artifact.
 */
export function revalidateRoute(
  runtimeCatalog: RuntimeCatalog,
  secret: string | undefined,
  observer?: RevalidationObserver,
): Hono {
  const isSecret = secretMatcher(secret);
  const route = new Hono();
  // What each request asked for, once its body is read: the metrics' kind.
  const kinds = new WeakMap<Request, RevalidationKind>();
  if (observer !== undefined)
    route.use(async function observeRevalidation(c, next) {
      await next();
      observer.revalidated(kinds.get(c.req.raw) ?? 'unknown', revalidationResult(c.res.status));
    });
  route.post(
    '/',
    async function requireSecret(c, next) {
      if (!isSecret(c.req.header(REVALIDATION_SECRET_HEADER))) throw new HostError('unauthorized', 'Unauthorized');
      await next();
    },
    bodyLimit({
      maxSize: MAX_REVALIDATE_BODY_BYTES,
      onError: () => {
        throw new HostError('payload-too-large', 'Payload too large');
      },
    }),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch (error) {
        throw new HostError('invalid-json-body', 'Invalid JSON body', { cause: error });
      }
      const { packageId, artifact } = (typeof body === 'object' && body !== null ? body : {}) as Record<
        string,
        unknown
      >;
      if (typeof packageId !== 'string') throw new HostError('package-id-required', 'packageId is required');
      // Spec 4.2: an artifact that is not a string counts as absent; a string must be a valid name.
      if (typeof artifact === 'string' && !isArtifactName(artifact)) {
        throw new HostError('invalid-artifact-name', 'Invalid artifact name');
      }
      kinds.set(c.req.raw, isArtifactName(artifact) ? 'artifact' : 'package');
      return c.json(await runtimeCatalog.revalidate(packageId, isArtifactName(artifact) ? artifact : undefined));
    },
  );
  answerMethodNotAllowed(route, ['/'], ['POST']);
  return route;
}

/** The metrics' result of a revalidate answer's status. */
function revalidationResult(status: number): RevalidationResult {
  if (status === 200) return 'ok';
  if (status === 401) return 'unauthorized';
  if (status === 400 || status === 413) return 'invalid';
  if (status === 405) return 'method-not-allowed';
  return 'failed';
}

/**
 * Spec 5: unset or empty secret → nothing matches. Both sides are hashed first so the
 * comparison is constant-time whatever the lengths.
 */
function secretMatcher(secret: string | undefined): (candidate: string | undefined) => boolean {
  if (!secret) return () => false;
  const expected = sha256(secret);
  return (candidate) => candidate !== undefined && timingSafeEqual(sha256(candidate), expected);
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
