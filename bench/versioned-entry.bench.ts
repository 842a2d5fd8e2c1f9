import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACT_NAMES } from '@runtime-component-catalog/contracts';
import { createHostApp } from '../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../host/host-config.js';
import { listen, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { artifactPath, sampleCatalog, samplePackage } from '../testing/origins/sample-packages.js';
import { pairedRatioRow, sessionWindows } from './alternating-windows.js';
import type { BenchRow } from './bench-row.js';
import { onCore } from './load-generator.js';

// A warm `GET /api/runtime-catalog/<id>?version=<older>` against the warm catalog-version entry of
// the same package, both answered by one host process: the cost of the query and of the version's
// own key on the warm path. Measured as the warm entry rows of bench/host-catalog.bench.ts
// (CPU time a request, windows in turns); this file is also the child that serves the host.

/** The paths the child serves, warm. */
const PATHS = { plain: '/api/runtime-catalog/pkg0', versioned: '/api/runtime-catalog/pkg0?version=0.9.0' } as const;

/** Sessions (`BENCH_WARM_SESSIONS`, default 2), each with a fresh host process, as the warm entry row. */
const sessions = Number(process.env.BENCH_WARM_SESSIONS ?? 2);

/** Measured windows of a session (a multiple of 4: A B B A). */
const measuredWindows = 64;

/**
 * Warm versioned entry against warm catalog-version entry of the same package in the same host
 * process (target ≥ 0.95: the catalog version's CPU time a request over the versioned one's).
 */
export async function warmVersionedEntry(): Promise<BenchRow> {
  const windows = [];
  for (let session = 0; session < sessions; session += 1) {
    const server = await startVersionsServer();
    try {
      windows.push(
        await sessionWindows(
          [
            { url: `http://127.0.0.1:${server.port}${PATHS.versioned}`, pid: server.pid },
            { url: `http://127.0.0.1:${server.port}${PATHS.plain}`, pid: server.pid },
          ],
          measuredWindows,
        ),
      );
    } finally {
      server.stop();
    }
  }
  return pairedRatioRow(
    'warm ?version= entry against the warm catalog-version entry',
    windows,
    'catalog version',
    0.95,
  );
}

/** This file as a child process on core 1, without V8's memory reducer (as the warm entry row). */
async function startVersionsServer(): Promise<{ port: number; pid: number; stop(): void }> {
  const script = fileURLToPath(import.meta.url);
  const [command, args] = onCore(1, process.execPath, ['--no-memory-reducer', '--import', 'tsx', script]);
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [port] = (await once(child, 'message')) as [number];
  return {
    port,
    // taskset execs node: the pid is the server's.
    pid: child.pid!,
    stop: () => {
      child.disconnect();
      child.kill();
    },
  };
}

/** The child: a host over one package published at 1.0.0 (the catalog's) and 0.9.0, both warm. */
async function serveVersions(): Promise<void> {
  const { catalog, objects } = sampleCatalog(1);
  const older = samplePackage(0, '0.9.0');
  for (const name of ARTIFACT_NAMES) objects[artifactPath(older.pkg, name)] = older.artifacts[name];
  const origin = await startArtifactsOrigin({ objects });
  const folder = await mkdtemp(join(tmpdir(), 'bench-versions-'));
  await writeFile(join(folder, 'catalog.json'), JSON.stringify(catalog));
  const host = createHostApp({
    ...HOST_CONFIG_DEFAULTS,
    catalogSource: join(folder, 'catalog.json'),
    artifactsOrigin: origin.url,
    esmOrigin: 'http://127.0.0.1:9/esm',
    revalidationSecret: 'bench',
    hostApiVersion: '1.0.0',
  });
  for (const path of Object.values(PATHS)) {
    const response = await host.request(path);
    if (response.status !== 200) throw new Error(`bench: ${path} answered ${response.status}`);
  }
  const server = await listen(host, 0);
  process.send?.((server.address() as { port: number }).port);
  const exit = () => {
    rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('disconnect', exit);
  process.on('SIGTERM', exit);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serveVersions();
