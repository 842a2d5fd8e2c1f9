import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';

/** Test-only: a TCP proxy on 127.0.0.1 in front of one port, which a test can partition or take offline. */
export interface TcpProxy {
  /** The proxy's port. */
  readonly port: number;
  /**
   * A partition: every byte, both ways, on every connection (present and new) is held back from
   * now on, and no connection closes: what a half-open connection or a network split looks like
   * to both ends until their own time-outs.
   */
  partition(): void;
  /** Ends the partition: what was held back flows on. */
  heal(): void;
  /**
   * Offline: every connection, present and new, is reset at once (what was held back is dropped),
   * so a client's request fails at once with a network error, as a browser's does offline, until
   * `accept()`.
   */
  refuse(): void;
  /** Ends `refuse()`: new connections are forwarded again. */
  accept(): void;
  close(): Promise<void>;
}

/** One proxied connection, and what a partition holds back on it (in order). */
interface Link {
  readonly client: Socket;
  readonly upstream: Socket;
  readonly held: [Socket, Buffer][];
}

/** Starts a proxy that forwards each connection to `127.0.0.1:targetPort`. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const links = new Set<Link>();
  let partitioned = false;
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    const link: Link = { client, upstream, held: [] };
    links.add(link);
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (partitioned) link.held.push([to, chunk]);
      else to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const drop = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('tcp proxy: no port');
  return {
    port: address.port,
    partition: () => {
      partitioned = true;
    },
    heal: () => {
      partitioned = false;
      for (const link of links) for (const [to, chunk] of link.held.splice(0)) to.write(chunk);
    },
    refuse: () => {
      refusing = true;
      for (const { client, upstream } of links) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      links.clear();
    },
    accept: () => {
      refusing = false;
    },
    close: async () => {
      for (const { client, upstream } of links) {
        client.destroy();
        upstream.destroy();
      }
      server.close();
      await once(server, 'close');
    },
  };
}
