import { REMOTE_EXTERNALS_HEADER } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import type { RemoteComponents, RenderedModule } from '../remote/remote-components.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';
import { renderedResponder } from './rendered-responder.js';

/** `GET /api/remote-component?url=<module URL>[&integrity=<sri>]` (spec 4.3, design.md). */
export function remoteComponentRoute(remoteComponents: RemoteComponents): Hono {
  const respond = renderedResponder((compiled: RenderedModule) => ({
    'content-type': 'text/javascript; charset=utf-8',
    [REMOTE_EXTERNALS_HEADER]: compiled.externals,
  }));
  const route = new Hono();
  route.get('/', async (c) => {
    const compiled = await remoteComponents.module(rawQuery(c.req.url), () => c.req.query());
    return respond(c, compiled);
  });
  answerMethodNotAllowed(route, ['/'], ['GET']);
  return route;
}

/** The undecoded query string: warm answers are found by it without parsing. */
function rawQuery(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}
