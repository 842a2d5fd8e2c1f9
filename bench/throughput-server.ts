import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { listen, startArtifactsOrigin } from '../examples/origins/artifacts-origin.js';
import { sampleCatalog } from '../examples/origins/sample-packages.js';
import { createHostApp } from '../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../host/host-config.js';

// Child process of the throughput benchmark: the host (warm) and a bare Hono route answering
// the same bytes, on two ports, so that the load generator does not share their event loop.

const { catalog, objects } = sampleCatalog(1);
const origin = await startArtifactsOrigin({ objects });
const folder = await mkdtemp(join(tmpdir(), 'bench-'));
await writeFile(join(folder, 'catalog.json'), JSON.stringify(catalog));
const host = createHostApp({
  ...HOST_CONFIG_DEFAULTS,
  catalogSource: join(folder, 'catalog.json'),
  artifactsOrigin: origin.url,
  esmOrigin: 'http://127.0.0.1:9/esm',
  revalidationSecret: 'bench',
  hostApiVersion: '1.0.0',
});
const warm = await host.request('/api/runtime-catalog/pkg0');
const body = await warm.text();
const bare = new Hono();
bare.get('/api/runtime-catalog/pkg0', (c) => c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' }));

const hostServer = await listen(host, 0);
const bareServer = await listen(bare, 0);
const port = (server: typeof hostServer) => (server.address() as { port: number }).port;
process.send?.({
  host: port(hostServer),
  bare: port(bareServer),
  bytes: body.length,
  originRequests: origin.requests(),
});
process.on('disconnect', () => process.exit(0));
