import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The connections of one HTTP server, each with the number of its requests in progress: from the
 * complete head (Node's `request` event, the handler runs) to the end of the answer (the
 * response's `close`). Create it before the server accepts its first connection.
 *
 * Node's `closeIdleConnections()` (and so `server.close()`) leaves a connection that has sent
 * nothing, or part of a head, because Node's parser counts it as active; such a connection would
 * hold `server.close()` until Node's headers time-out (60 s). {@link closeAllButBusy} closes it.
 */
export class ServerConnections {
  /** Requests in progress, by open connection. */
  readonly #requests = new Map<Socket, number>();
  #closing = false;

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => this.#track(socket));
    server.on('request', (request: IncomingMessage, response: ServerResponse) => this.#begin(request.socket, response));
  }

  /**
   * Closes every connection with no request in progress (idle, silent, or partway through a
   * head), now and from now on as each busy one's last answer ends: a request whose handler runs
   * gets its whole answer; a head that is not complete yet never will be answered.
   */
  closeAllButBusy(): void {
    this.#closing = true;
    for (const [socket, requests] of this.#requests) if (requests === 0) socket.destroy();
  }

  #track(socket: Socket): void {
    if (this.#requests.has(socket)) return;
    this.#requests.set(socket, 0);
    socket.once('close', () => this.#requests.delete(socket));
  }

  #begin(socket: Socket, response: ServerResponse): void {
    this.#track(socket);
    this.#requests.set(socket, (this.#requests.get(socket) ?? 0) + 1);
    // `close` comes once, after `finish` (the answer is in the kernel's hands and detached from
    // the socket) or when the connection is lost first.
    response.once('close', () => {
      const left = this.#requests.get(socket);
      if (left === undefined) return; // the connection is gone already
      this.#requests.set(socket, left - 1);
      if (this.#closing && left === 1) closeAfterWrites(socket);
    });
  }
}

/**
 * Ends a connection once what was written to it is out (a large answer to a slow reader may still
 * sit in the socket's buffer), then destroys it, as Node does after a `Connection: close` answer:
 * a peer that never closes its side cannot hold it open.
 */
function closeAfterWrites(socket: Socket): void {
  socket.end();
  if (socket.writableFinished) socket.destroy();
  else socket.once('finish', () => socket.destroy());
}
