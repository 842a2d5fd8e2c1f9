import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openRawConnection, type RawConnection } from '../testing/host/raw-connection.js';
import { ServerConnections } from './server-connections.js';

// ServerConnections on a real node:http server: which connections closeAllButBusy closes, and when.

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  if (server?.listening) await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A promise and its resolve. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A server whose answer to a path waits for `release(path)`; `asked(path)` resolves once its handler runs. */
async function startGatedServer() {
  const asked = new Map<string, ReturnType<typeof deferred>>();
  const released = new Map<string, ReturnType<typeof deferred>>();
  const of = (gates: typeof asked, path: string) => {
    if (!gates.has(path)) gates.set(path, deferred());
    return gates.get(path)!;
  };
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    of(asked, path).resolve();
    void of(released, path).promise.then(() => response.end(`answer of ${path}`));
  });
  const connections = new ServerConnections(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    server,
    connections,
    port: (server.address() as AddressInfo).port,
    asked: (path: string) => of(asked, path).promise,
    release: (path: string) => of(released, path).resolve(),
  };
}

/** A raw connection of the test's, closed after it. */
async function rawConnection(port: number, data = ''): Promise<RawConnection> {
  const connection = await openRawConnection(port, data);
  sockets.push(connection.socket);
  return connection;
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe('ServerConnections.closeAllButBusy', () => {
  it('closes silent, half-head and idle keep-alive connections at once, and a busy one once its whole answer is out', async () => {
    const { server, connections, port, asked, release } = await startGatedServer();
    const silent = await rawConnection(port);
    const halfHead = await rawConnection(port, 'GET /never HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    release('/idle');
    const idle = await rawConnection(port, get('/idle'));
    await idle.receivedUpTo('answer of /idle');
    const busy = await rawConnection(port, get('/busy'));
    await asked('/busy');

    const closed = new Promise((resolve) => server.close(resolve));
    connections.closeAllButBusy();
    expect((await silent.closed).received).toBe('');
    expect((await halfHead.closed).received).toBe('');
    expect((await idle.closed).received).toMatch(/\r\nConnection: keep-alive\r\n[\s\S]*answer of \/idle$/);
    expect(busy.received()).toBe('');

    release('/busy');
    expect((await busy.closed).received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*answer of \/busy$/);
    await closed;
  });

  it('answers every request whose head was complete, pipelined ones included, before closing their connection', async () => {
    const { server, connections, port, asked, release } = await startGatedServer();
    const pipelined = await rawConnection(port, get('/first') + get('/second'));
    await asked('/second');

    const closed = new Promise((resolve) => server.close(resolve));
    connections.closeAllButBusy();
    release('/second');
    release('/first');
    const { received } = await pipelined.closed;
    expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(received).toMatch(/answer of \/first[\s\S]*answer of \/second$/);
    await closed;
  });
});
