import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Test-only: s3rver 3.7.1 in this process on 127.0.0.1, its buckets in a fresh temp folder. */
export interface S3rverServer {
  /** `http://127.0.0.1:<port>` (path-style: `<endpoint>/<bucket>/<key>`). */
  readonly endpoint: string;
  /** The buckets created at start. */
  readonly buckets: readonly string[];
  /** Where s3rver keeps the objects (removed by `close`). */
  readonly directory: string;
  /** `GET /<bucket>/<key>?<query>` of every request received so far, in order (signed SDK requests included). */
  requests(): readonly string[];
  /** Stops listening, waits for open connections to end, removes the folder. */
  close(): Promise<void>;
}

/** The slice of s3rver's (untyped, CommonJS) API used here. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  readonly httpServer: Server;
}
type S3rverConstructor = new (options: {
  readonly address: string;
  readonly port: number;
  readonly directory: string;
  readonly silent: boolean;
  /** Off: every request is path-style, whatever its Host header. */
  readonly vhostBuckets: boolean;
  readonly configureBuckets: readonly { readonly name: string }[];
}) => S3rverInstance;

/**
 * Starts s3rver on a free port with `buckets` created. A wire-compatibility fake only: it accepts
 * wrong checksums and ignores conditional writes (docs/authoring-publish.md), so tests that
 * rely on either belong elsewhere.
 */
export async function startS3rver(buckets: readonly string[] = ['artifacts']): Promise<S3rverServer> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const requests: string[] = [];
  server.httpServer.on('request', (request: IncomingMessage) => requests.push(`${request.method} ${request.url}`));
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    buckets,
    directory,
    requests: () => [...requests],
    close: async () => {
      const closed = server.close();
      // A request still open (a client that gave up on a slow answer, say) would hold close() open.
      server.httpServer.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
