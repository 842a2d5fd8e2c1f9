import { REMOTE_EXTERNALS_HEADER } from '@runtime-component-catalog/contracts';
import { type Context, Hono } from 'hono';
import { HostError } from '../host-error.js';
import { ClientAddresses, type ClientConnection } from '../remote/client-address.js';
import type { RemoteComponents, RenderedModule } from '../remote/remote-components.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';
import { renderedResponder } from './rendered-responder.js';
import { requestIdOfContext } from './request-id-of-context.js';

/** What a host with `REMOTE_COMPILER=off` answers every compile request with (501). */
export const REMOTE_COMPILER_OFF_MESSAGE = 'Remote components are not compiled by this host (REMOTE_COMPILER=off)';

/**
 * `GET /api/remote-component?url=<module URL>[&integrity=<sri>]` (spec 4.3, docs/design.md). Without
 * `remoteComponents` (REMOTE_COMPILER=off), every GET is answered 501 `remote-compiler-off`
 * before its query is read: nothing is fetched, compiled or cached. `clients` tells who asks, which
 * the compile quotas count (read only when a request has to compile).
 */
export function remoteComponentRoute(
  remoteComponents: RemoteComponents | undefined,
  clients: ClientAddresses = new ClientAddresses(undefined),
): Hono {
  const respond = renderedResponder({
    contentType: 'text/javascript; charset=utf-8',
    name: REMOTE_EXTERNALS_HEADER,
    value: (compiled: RenderedModule) => compiled.externals,
  });
  const route = new Hono();
  route.get('/', async (c) => {
    if (remoteComponents === undefined) throw new HostError('remote-compiler-off', REMOTE_COMPILER_OFF_MESSAGE);
    const compiled = await remoteComponents.module(
      rawQuery(c.req.url),
      () => c.req.query(),
      requestIdOfContext(c),
      () => clients.of(connectionOf(c)),
    );
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

/**
 * The peer address and `x-forwarded-for` of the request: from the Node request under
 * @hono/node-server (`c.env.incoming`); without one (`app.request`, other runtimes) the peer is
 * not known, and the request's client is `unknown` (client-address.ts).
 */
function connectionOf(c: Context): ClientConnection {
  const incoming = (
    c.env as
      | { incoming?: { socket?: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> } }
      | undefined
  )?.incoming;
  if (incoming === undefined) return { socketAddress: undefined, forwardedFor: c.req.header('x-forwarded-for') };
  const forwardedFor = incoming.headers['x-forwarded-for'];
  return {
    socketAddress: incoming.socket?.remoteAddress,
    forwardedFor: Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor,
  };
}
