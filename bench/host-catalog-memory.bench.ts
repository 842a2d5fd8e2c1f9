import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHostProcess } from '../testing/host/host-process.js';
import { startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { sampleCatalog } from '../testing/origins/sample-packages.js';
import { type BenchRow, reportRow } from './bench-row.js';

// The memory a `catalog-host` process needs for the whole catalog (docs/host-performance.md
// "Memory of the whole catalog"): the host in its own process, as operators run it, with its
// defaults (in-process store of 128 MiB, REMOTE_COMPILER=lazy: no compiler is started here).

/** The sizes measured: the target is set at the first, growth measured from it to the second. */
const SIZES = [1_000, 5_000] as const;

/** Peak RSS of the host alone at 1,000 packages (the target). */
const PEAK_TARGET_BYTES = 256 * 1024 * 1024;

/** What one process measured. */
interface CatalogMemory {
  readonly packages: number;
  /** RSS once listening and the catalog read (one entry answered): what the process holds before the build. */
  readonly idleBytes: number;
  /** The process's peak RSS (VmHWM) after a cold and a warm whole-catalog answer. */
  readonly peakBytes: number;
  readonly coldMs: number;
  readonly warmMs: number;
  readonly bodyBytes: number;
}

/** `VmRSS` or `VmHWM` (peak) of `pid` from /proc, in bytes. */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
  if (kib === undefined) throw new Error(`bench: no ${field} in /proc/${pid}/status`);
  return Number(kib) * 1024;
}

async function timedGet(url: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`bench: ${url} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

/** One fresh `catalog-host` serving a catalog of `packages`: its idle RSS, then its peak over a cold and a warm build. */
async function measureCatalog(packages: number): Promise<CatalogMemory> {
  const { catalog, objects } = sampleCatalog(packages);
  const origin = await startArtifactsOrigin({ objects });
  const folder = await mkdtemp(join(tmpdir(), 'bench-catalog-memory-'));
  await writeFile(join(folder, 'catalog.json'), JSON.stringify(catalog));
  const host = startHostProcess(
    {
      PORT: '0',
      CATALOG_SOURCE: join(folder, 'catalog.json'),
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: 'http://127.0.0.1:9/esm',
      REVALIDATION_SECRET: 'bench',
      REQUEST_LOG: 'off',
    },
    undefined,
    (process.env.BENCH_HOST_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );
  try {
    const url = await host.listening;
    const pid = host.process.pid!;
    await timedGet(`${url}/api/runtime-catalog/pkg0`);
    const idleBytes = memoryOf(pid, 'VmRSS');
    const cold = await timedGet(`${url}/api/runtime-catalog`);
    const warm = await timedGet(`${url}/api/runtime-catalog`);
    const entries = (JSON.parse(warm.body) as { entries: unknown[] }).entries.length;
    if (entries !== packages) throw new Error(`bench: the whole catalog held ${entries} entries, not ${packages}`);
    return {
      packages,
      idleBytes,
      peakBytes: memoryOf(pid, 'VmHWM'),
      coldMs: cold.ms,
      warmMs: warm.ms,
      bodyBytes: Buffer.byteLength(warm.body),
    };
  } finally {
    host.process.kill('SIGTERM');
    await host.exited;
    await origin.close();
    await rm(folder, { recursive: true, force: true });
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/**
 * The whole catalog served by a `catalog-host` process of its own at 1,000 and 5,000 packages
 * (Linux: /proc): peak RSS of the host alone at 1,000 (target ≤ 256 MiB), the same at 5,000
 * (report), and the growth of what the catalog adds to the idle process, per package, from 1,000
 * to 5,000 (target ≤ 1.2; 1 = linear).
 */
export async function wholeCatalogProcessMemory(): Promise<BenchRow[]> {
  const [small, large] = [await measureCatalog(SIZES[0]), await measureCatalog(SIZES[1])] as const;
  const described = (memory: CatalogMemory) =>
    `peak ${mib(memory.peakBytes)} RSS (idle ${mib(memory.idleBytes)}); cold ${memory.coldMs.toFixed(0)} ms, warm ${memory.warmMs.toFixed(1)} ms, ${mib(memory.bodyBytes)} answered`;
  const perPackage = (memory: CatalogMemory) => (memory.peakBytes - memory.idleBytes) / memory.packages;
  const growth = perPackage(large) / perPackage(small);
  return [
    {
      name: 'whole catalog, catalog-host process, 1,000 packages: peak RSS of the host',
      measured: described(small),
      baseline: '256 MiB',
      ratio: small.peakBytes / PEAK_TARGET_BYTES,
      target: '≤ 256 MiB',
      ok: small.peakBytes <= PEAK_TARGET_BYTES,
    },
    reportRow('whole catalog, catalog-host process, 5,000 packages: peak RSS of the host', described(large)),
    {
      name: 'whole catalog, catalog-host process: growth of peak over idle RSS a package, 1,000 → 5,000',
      measured: `${(perPackage(large) / 1024).toFixed(1)} KiB a package at 5,000`,
      baseline: `${(perPackage(small) / 1024).toFixed(1)} KiB a package at 1,000`,
      ratio: growth,
      target: '≤ 1.2 (1 = linear)',
      ok: growth <= 1.2,
    },
  ];
}
