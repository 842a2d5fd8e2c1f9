import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { createServer } from 'vite';
import { buildWorkerScript, serveWorkerScript } from '../../examples/build/worker-script.js';
import { createHostApp } from '../../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../../host/host-config.js';
import { closeServer, listen, serverUrl, startArtifactsOrigin } from '../../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../../testing/origins/esm-origin.js';
import { sampleEsmModules } from '../../testing/origins/sample-esm-modules.js';
import { startPlaygroundProcess } from './playground-process.js';

/** The secret of the e2e host (tests revalidate with it). */
export const E2E_SECRET = 'e2e-revalidation-secret';

/**
 * The browser tests' stack, on 127.0.0.1: the artifacts origin over a temporary copy of
 * examples/artifacts (tests republish by writing files there), the esm.sh-shaped ESM origin, the
 * host, and Vite serving the scenario page with `/api` and `/catalog.json` proxied, so the page,
 * the host and the catalog share one origin. URLs reach the tests through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
  const artifactsDir = await mkdtemp(join(tmpdir(), 'e2e-artifacts-'));
  await cp(join(examples, 'artifacts'), artifactsDir, { recursive: true });
  const playground = await startPlaygroundProcess();

  const origin = await startArtifactsOrigin({ root: artifactsDir });
  const esm = await startEsmOrigin(sampleEsmModules('/esm'));
  const host = createHostApp(
    {
      ...HOST_CONFIG_DEFAULTS,
      catalogSource: join(artifactsDir, 'catalog.json'),
      artifactsOrigin: origin.url,
      esmOrigin: `${esm.url}/esm`,
      revalidationSecret: E2E_SECRET,
      hostApiVersion: '0.1.0',
    },
    { warmUpCompiler: true },
  );
  const hostServer = await listen(host, 0);
  const hostUrl = serverUrl(hostServer);
  // The service worker as shipped (dist/service-worker.js), built here so the tests need no prior build.
  const workerDir = await mkdtemp(join(tmpdir(), 'e2e-worker-'));
  const serveWorker = serveWorkerScript(await buildWorkerScript(workerDir));
  // Origin request counts for the tests (they run in other processes).
  const stats = new Hono();
  stats.get('/stats', (c) =>
    c.json({ artifacts: origin.requests(), catalog: origin.requests('/catalog.json'), esm: esm.requests() }),
  );
  const statsServer = await listen(stats, 0);

  const vite = await createServer({
    configFile: false,
    plugins: [serveWorker],
    root: fileURLToPath(new URL('../pages/', import.meta.url)),
    logLevel: 'warn',
    server: {
      host: '127.0.0.1',
      port: 0,
      proxy: { '/api': hostUrl, '/catalog.json': origin.url },
    },
  });
  await vite.listen();
  const address = vite.httpServer?.address() as { port: number };

  process.env.E2E_BASE_URL = `http://127.0.0.1:${address.port}`;
  process.env.E2E_HOST_URL = hostUrl;
  process.env.E2E_ARTIFACTS_DIR = artifactsDir;
  process.env.E2E_ARTIFACTS_URL = origin.url;
  process.env.E2E_ESM_URL = esm.url;
  process.env.E2E_STATS_URL = `${serverUrl(statsServer)}/stats`;

  process.env.E2E_PLAYGROUND_URL = playground.url;
  process.env.E2E_PLAYGROUND_STATE = playground.stateDir;

  return async () => {
    await playground.stop();
    await vite.close();
    await closeServer(statsServer);
    await rm(workerDir, { recursive: true, force: true });
    await closeServer(hostServer);
    await esm.close();
    await origin.close();
    await rm(artifactsDir, { recursive: true, force: true });
  };
}
