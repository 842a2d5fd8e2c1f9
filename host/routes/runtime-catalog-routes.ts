import { HOST_API_VERSION_HEADER, isArtifactName } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import { HostError } from '../host-error.js';
import type { RuntimeCatalog } from '../runtime-catalog.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';
import { renderedResponder } from './rendered-responder.js';
import { requestIdOfContext } from './request-id-of-context.js';
import { requestedVersion } from './requested-version.js';

/**
 * `GET /api/runtime-catalog[/<id>[/<artifact>]]` (spec 4.1, docs/design.md HTTP contract); an entry
 * and an artifact also with `?version=<semver>`, a published version of its package. Other query
 * parameters are ignored.
 */
export function runtimeCatalogRoutes(runtimeCatalog: RuntimeCatalog, hostApiVersion: string): Hono {
  // Every answer names the host API version, which the SDK checks entries' `hostApi` against.
  const jsonResponse = renderedResponder({
    contentType: 'application/json; charset=utf-8',
    name: HOST_API_VERSION_HEADER,
    value: () => hostApiVersion,
  });
  const routes = new Hono();
  routes.get('/', async (c) => jsonResponse(c, await runtimeCatalog.build(requestIdOfContext(c))));
  // Not async: a warm entry is answered without a promise (docs/host-performance.md "Warm entry").
  routes.get('/:id', (c): Response | Promise<Response> => {
    const version = requestedVersion(c);
    const entry = runtimeCatalog.entryNowOrLater(c.req.param('id'), requestIdOfContext(c), version);
    return entry instanceof Promise ? entry.then((rendered) => jsonResponse(c, rendered)) : jsonResponse(c, entry);
  });
  routes.get('/:id/:artifact', async (c) => {
    const artifact = c.req.param('artifact');
    if (!isArtifactName(artifact)) throw new HostError('invalid-artifact-name', 'Invalid artifact name');
    const version = requestedVersion(c);
    return jsonResponse(
      c,
      await runtimeCatalog.artifactJson(c.req.param('id'), artifact, requestIdOfContext(c), version),
    );
  });
  answerMethodNotAllowed(routes, ['/', '/:id', '/:id/:artifact'], ['GET']);
  return routes;
}
