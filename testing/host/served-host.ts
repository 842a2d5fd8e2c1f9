import type { ServerType } from '@hono/node-server';
import { closeServer, listen, serverUrl } from '../origins/artifacts-origin.js';
import type { HostFixture } from './host-fixture.js';

/** Test-only: a fixture's host app served over real HTTP on 127.0.0.1 (for clients such as the SDK). */
export async function serveHost(fixture: HostFixture): Promise<{ url: string; close(): Promise<void> }> {
  const server: ServerType = await listen(fixture.app, 0);
  return { url: serverUrl(server), close: () => closeServer(server) };
}
