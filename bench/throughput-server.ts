import { rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import { createHostApp } from '../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../host/host-config.js';
import { listen, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';
import { sampleCatalog } from '../testing/origins/sample-packages.js';

// Child process of the throughput benchmarks: the host (warm) and a bare Hono app answering the
// same bytes on the same paths, on two ports, so the load generator does not share their event loop.

/** What the child tells the parent once both servers listen. */
export interface ThroughputServers {
  readonly host: number;
  readonly bare: number;
  readonly paths: { readonly entry: string; readonly remote: string };
  readonly bytes: { readonly entry: number; readonly remote: number };
}

const { catalog, objects } = sampleCatalog(1);
catalog.packages.push({ id: 'counter1', label: 'Counter', category: 'interactive', ...SAMPLE_COMPONENT });
const origin = await startArtifactsOrigin({ objects });
const esm = await startEsmOrigin(sampleEsmModules('/esm'));
const folder = await mkdtemp(join(tmpdir(), 'bench-'));
await writeFile(join(folder, 'catalog.json'), JSON.stringify(catalog));
const host = createHostApp(
  {
    ...HOST_CONFIG_DEFAULTS,
    catalogSource: join(folder, 'catalog.json'),
    artifactsOrigin: origin.url,
    esmOrigin: `${esm.url}/esm`,
    revalidationSecret: 'bench',
    hostApiVersion: '1.0.0',
  },
  { warmUpCompiler: true },
);
const paths = {
  entry: '/api/runtime-catalog/pkg0',
  remote: remoteComponentPath(`${esm.url}/esm/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022`),
};
const entryResponse = await host.request(paths.entry);
const remoteResponse = await host.request(paths.remote);
const entry = await entryResponse.text();
const remote = await remoteResponse.text();
// The baselines send the same bytes with the same response headers, as a static file route
// would (type, ETag, caching): the ratio measures the host's work, not the header count.
const staticResponse = (body: string, headers: Headers) => {
  const fixed = Object.fromEntries(headers);
  return () => new Response(body, { status: 200, headers: fixed });
};
const bare = new Hono();
bare.get('/api/runtime-catalog/pkg0', staticResponse(entry, entryResponse.headers));
bare.get('/api/remote-component', staticResponse(remote, remoteResponse.headers));

const hostServer = await listen(host, 0);
const bareServer = await listen(bare, 0);
const port = (server: typeof hostServer) => (server.address() as { port: number }).port;
const servers: ThroughputServers = {
  host: port(hostServer),
  bare: port(bareServer),
  paths,
  bytes: { entry: entry.length, remote: remote.length },
};
process.send?.(servers);
// The parent disconnects, then kills: either way the catalog's folder goes with the process.
const exit = () => {
  rmSync(folder, { recursive: true, force: true });
  process.exit(0);
};
process.on('disconnect', exit);
process.on('SIGTERM', exit);
