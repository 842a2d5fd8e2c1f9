import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** What Node publishes on `http.server.response.finish` (the fields read here). */
interface ResponseFinish {
  readonly server: Server;
}

/**
 * The shutdown of the process's HTTP server (docs/host-process.md "Drain"), in two steps:
 *
 * 1. From now on, for `drainMs`, every request is still served, and each answer says
 *    `Connection: close` and closes its connection. Clients that keep connections open (a load
 *    balancer's pool, a service's agent, none of which may look at `/readyz`) reconnect through
 *    their balancing; and no idle connection is closed under a client that may be sending on it.
 * 2. Then the server stops accepting (`onClosing` runs), its idle connections close, and a busy
 *    one closes once its answer is out (a request from before the drain answers keep-alive: Node
 *    would keep its connection for the keep-alive time-out, 5 s).
 *
 * Resolves once every connection is closed. `drainMs` 0: step 2 at once.
 */
export function drainAndClose(server: Server, drainMs: number, onClosing: () => void = () => {}): Promise<void> {
  server.prependListener('request', closeAfterAnswer);
  return new Promise<void>((resolve) => {
    const close = () => {
      // An answer that finishes from now on leaves its connection idle: close it (after Node has
      // detached the answer from its socket, hence setImmediate). A pipelined request that has
      // begun makes its connection busy again, and it stays.
      const closeOnceIdle = (message: unknown) => {
        if ((message as ResponseFinish).server === server) setImmediate(() => server.closeIdleConnections());
      };
      subscribe('http.server.response.finish', closeOnceIdle);
      // Stops accepting, and closes the idle connections (Node 19+); the callback runs once every
      // connection has closed.
      server.close(() => {
        unsubscribe('http.server.response.finish', closeOnceIdle);
        resolve();
      });
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
