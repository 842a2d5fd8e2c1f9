import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACT_NAMES, cacheKey } from '@runtime-component-catalog/contracts';
import { getQueryParams } from 'hono/utils/url';
import { MemoryCacheStore } from '../host/cache/memory-cache-store.js';
import { createHostApp } from '../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../host/host-config.js';
import { listen, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { artifactPath, sampleCatalog, samplePackage } from '../testing/origins/sample-packages.js';
import { pairedRatioRow, sessionWindows } from './alternating-windows.js';
import { type BenchRow, median } from './bench-row.js';
import { onCore } from './load-generator.js';

// A warm `GET /api/runtime-catalog/<id>?version=<older>` against the warm catalog-version entry of
// the same package, both answered by one host process: the cost of the query and of the version's
// own key on the warm path. Measured as the warm entry rows of bench/host-catalog.bench.ts
// (CPU time a request, windows in turns); this file is also the child that serves the host. Two
// rows in this process first, each a choice of that path against its alternative
// (docs/host-performance.md "Warm versioned entry"): the CPU row cannot resolve either.

/** The paths the child serves, warm. */
const PATHS = { plain: '/api/runtime-catalog/pkg0', versioned: '/api/runtime-catalog/pkg0?version=0.9.0' } as const;

/** Sessions (`BENCH_WARM_SESSIONS`, default 2), each with a fresh host process, as the warm entry row. */
const sessions = Number(process.env.BENCH_WARM_SESSIONS ?? 2);

/** Measured windows of a session (a multiple of 4: A B B A). */
const measuredWindows = 64;

/** The in-process rows of the versioned path's choices, then its CPU row. */
export async function warmVersionedEntry(): Promise<BenchRow[]> {
  return [...(await versionedEntryChoices()), await versionedEntryCpu()];
}

/** Two choices of the warm versioned entry's path, each against its alternative, in this process. */
async function versionedEntryChoices(): Promise<BenchRow[]> {
  return [await keptVersionKey(), versionQuery()];
}

/**
 * Warm versioned entry against warm catalog-version entry of the same package in the same host
 * process (target ≥ 0.95: the catalog version's CPU time a request over the versioned one's).
 */
async function versionedEntryCpu(): Promise<BenchRow> {
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
  // Its runs spread over 6 points, about ±3% (docs/host-performance.md "Warm versioned entry"): a
  // ratio within it of the target counts as met.
  return pairedRatioRow('warm ?version= entry against the warm catalog-version entry', windows, 'catalog version', {
    least: 0.95,
    resolution: 0.03,
  });
}

/** Rounds of {@link CALLS} calls an in-process row measures, after one warm-up round. */
const ROUNDS = 7;
const CALLS = 20_000;

/** ns a call of `call`, the median of the rounds. */
function nsPerCall(call: () => unknown): number {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < CALLS; index += 1) call();
    if (round > 0) rounds.push(Number(process.hrtime.bigint() - started) / CALLS);
  }
  return median(rounds);
}

/**
 * An in-process row: the host's choice against the alternative, target ≥ 1.05 as the identity
 * caches' rows (bench/identity-caches.bench.ts); below it, the alternative replaces the choice.
 */
function choiceRow(name: string, chosen: [number, string], other: [number, string]): BenchRow {
  const ratio = other[0] / chosen[0];
  return {
    name,
    measured: `${chosen[0].toFixed(0)} ns ${chosen[1]}`,
    baseline: `${other[0].toFixed(0)} ns ${other[1]}`,
    ratio,
    target: '≥ 1.05',
    ok: ratio >= 1.05,
  };
}

/**
 * A warm version's entry found in the memory store by the key kept for that version
 * (runtime-catalog.ts `versionEntryKey`) against a key built for the request: `JSON.stringify`,
 * and a new string that the store's map hashes again. The version is sliced from the target at
 * each call, as a request's is.
 */
async function keptVersionKey(): Promise<BenchRow> {
  const target = PATHS.versioned;
  const key = (version: string) => cacheKey(['runtime-entry', 'pkg0', version]);
  const store = new MemoryCacheStore({ maxBytes: HOST_CONFIG_DEFAULTS.cacheMaxBytes });
  await store.set(key('0.9.0'), {}, { tags: [], sequence: await store.nextSequence() });
  const versionKeys = new Map([['0.9.0', key('0.9.0')]]);
  const at = target.indexOf('=') + 1;
  return choiceRow(
    'versioned entry in process: its entry key kept (runtime-catalog.ts), the store read',
    [nsPerCall(() => store.peek(versionKeys.get(target.slice(at))!)), 'the key kept'],
    [nsPerCall(() => store.peek(key(target.slice(at)))), 'a key built each request'],
  );
}

/**
 * The version read from the request's URL by URLSearchParams (host/routes/requested-version.ts)
 * against Hono's query parsing, what `c.req.queries('version')` runs.
 */
function versionQuery(): BenchRow {
  const url = `http://127.0.0.1:3000${PATHS.versioned}`;
  return choiceRow(
    'versioned entry in process: ?version= read by URLSearchParams (requested-version.ts)',
    [nsPerCall(() => new URLSearchParams(url.slice(url.indexOf('?') + 1)).getAll('version')), 'URLSearchParams'],
    [nsPerCall(() => getQueryParams(url, 'version')), "Hono's c.req.queries"],
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
