import type { Context } from 'hono';

/**
 * The id of the request `c` answers, as the server gave it (`RequestIdResponse`, which catalog-host
 * uses: `c.env.outgoing.requestId`), or undefined in a server that gives none. The routes pass it
 * to the origin fetches the request causes (docs/host-logs.md "Request id").
 */
export function requestIdOfContext(c: Context): string | undefined {
  const outgoing = (c.env as { outgoing?: { requestId?: unknown } } | undefined)?.outgoing;
  const requestId = outgoing?.requestId;
  return typeof requestId === 'string' ? requestId : undefined;
}
