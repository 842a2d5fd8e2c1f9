import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openRawConnection } from './raw-connection.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

describe('openRawConnection', () => {
  it('resolves `closed` when the server resets the connection (an error before the close)', async () => {
    server = createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const connection = await openRawConnection(port, 'GET / HTTP/1.1\r\n');
    const errors: string[] = [];
    connection.socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? ''));
    const trickle = setInterval(() => connection.socket.write('a'), 5);
    const closed = await connection.closed.finally(() => clearInterval(trickle));
    expect(errors).toEqual(['ECONNRESET']);
    expect(closed.received).toBe('');
  });
});
