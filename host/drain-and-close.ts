import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerConnections } from './server-connections.js';

/**
 * The shutdown of an HTTP server (docs/host-process.md "Readiness and drain"), in two steps:
 *
 * 1. From now on, for `drainMs`, every request is still served, and each answer says
 *    `Connection: close` and closes its connection. Clients that keep connections open (a load
 *    balancer's pool, a service's agent, none of which may look at `/readyz`) reconnect through
 *    their balancing; and no connection is closed under a client that may be sending on it.
 * 2. Then the server stops accepting (`onClosing` runs), every connection without a request in
 *    progress closes (idle, silent, or partway through a head: `connections`), and a busy one
 *    closes once its answer is out (a request from before the drain answers keep-alive: Node
 *    would keep its connection for the keep-alive time-out, 5 s).
 *
 * Resolves once every connection is closed. `drainMs` 0: step 2 at once.
 */
export function drainAndClose(
  server: Server,
  connections: ServerConnections,
  drainMs: number,
  onClosing: () => void = () => {},
): Promise<void> {
  server.prependListener('request', closeAfterAnswer);
  return new Promise<void>((resolve) => {
    const close = () => {
      // Stops accepting; the callback runs once every connection has closed.
      server.close(() => resolve());
      connections.closeAllButBusy();
      onClosing();
    };
    if (drainMs > 0) setTimeout(close, drainMs);
    else close();
  });
}

function closeAfterAnswer(_request: IncomingMessage, response: ServerResponse): void {
  // Node answers `Connection: close` and ends the connection after this answer.
  response.shouldKeepAlive = false;
}
