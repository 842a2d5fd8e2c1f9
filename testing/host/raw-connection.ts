import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** A raw TCP connection of a test's own to a server: what it received, and when it was closed. */
export interface RawConnection {
  readonly socket: Socket;
  /** Everything received so far, as text. */
  received(): string;
  /** Resolves once the connection is closed (by either side): `performance.now()` then, and all it received. */
  readonly closed: Promise<{ readonly at: number; readonly received: string }>;
  /** Resolves once what it received ends with `tail`. */
  receivedUpTo(tail: string): Promise<void>;
}

/**
 * Connects to `port` of 127.0.0.1 and writes `data` (nothing by default: a silent client);
 * resolves once connected. A reset, or a write after the server closed, only closes it.
 */
export async function openRawConnection(port: number, data = ''): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  // Not events.once: it rejects when 'error' comes first (a write meeting a reset connection,
  // ECONNRESET), and a closed connection is what the tests wait for either way.
  const closed = new Promise<{ at: number; received: string }>((resolve) =>
    socket.once('close', () => resolve({ at: performance.now(), received })),
  );
  await once(socket, 'connect');
  if (data !== '') socket.write(data);
  return {
    socket,
    received: () => received,
    closed,
    receivedUpTo: (tail) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if (!received.endsWith(tail)) return;
          socket.off('data', look);
          resolve();
        };
        socket.on('data', look);
        look();
      }),
  };
}
