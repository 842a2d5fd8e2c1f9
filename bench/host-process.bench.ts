import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { HOST_MAIN_FILE } from '../testing/host/host-process.js';
import { startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';
import { sampleCatalog } from '../testing/origins/sample-packages.js';
import { type BenchRow, reportRow } from './bench-row.js';
import { compareThroughput } from './host-catalog.bench.js';

// The host as operators run it: host/dist/main.js (`npm run host`, `catalog-host`) in its own
// process, configured by its environment, its output read through a pipe as a log collector
// (docker, systemd) reads it. docs/host-process.md quotes these rows.

const pinned = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;

/** One running host process: its port, its pid, the bytes it wrote to stdout. */
interface RunningHost {
  readonly port: number;
  readonly pid: number;
  stdoutBytes(): number;
  stop(): Promise<void>;
}

/** What every host of these rows serves: one catalog package and the sample remote component. */
interface Origins {
  readonly env: Record<string, string>;
  readonly entryPath: string;
  readonly remotePath: string;
  close(): Promise<void>;
}

async function startOrigins(): Promise<Origins> {
  const { catalog, objects } = sampleCatalog(1);
  catalog.packages.push({ id: 'counter1', label: 'Counter', category: 'interactive', ...SAMPLE_COMPONENT });
  const origin = await startArtifactsOrigin({ objects });
  const esm = await startEsmOrigin(sampleEsmModules('/esm'));
  const folder = await mkdtemp(join(tmpdir(), 'bench-host-process-'));
  await writeFile(join(folder, 'catalog.json'), JSON.stringify(catalog));
  return {
    env: {
      PORT: '0',
      CATALOG_SOURCE: join(folder, 'catalog.json'),
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${esm.url}/esm`,
      REVALIDATION_SECRET: 'bench',
    },
    entryPath: '/api/runtime-catalog/pkg0',
    remotePath: remoteComponentPath(
      `${esm.url}/esm/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022`,
    ),
    close: async () => {
      await origin.close();
      await esm.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Starts host/dist/main.js on core 1 (the load generator takes core 0) and waits for its listening line. */
async function startHost(env: Record<string, string>): Promise<RunningHost> {
  const [command, args] = pinned
    ? ['/usr/bin/taskset', ['-c', '1', process.execPath, HOST_MAIN_FILE]]
    : [process.execPath, [HOST_MAIN_FILE]];
  const child: ChildProcess = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let head = '';
  let bytes = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (head.length < 4096) {
        head += chunk;
        const match = /^host listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(head);
        if (match) resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`bench: host exited (${code}) before listening`)));
  });
  return {
    port,
    pid: child.pid!,
    stdoutBytes: () => bytes,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Warm entry through the real process, access log on (the default, `REQUEST_LOG=on`) against the
 * same process with `REQUEST_LOG=off`, in alternating rounds (target ≥ 0.95). Everything else is
 * the default configuration (in-process store, `REMOTE_COMPILER=lazy`).
 */
export async function requestLogCost(): Promise<BenchRow> {
  const origins = await startOrigins();
  const logged = await startHost({ ...origins.env, REQUEST_LOG: 'on' });
  const silent = await startHost({ ...origins.env, REQUEST_LOG: 'off' });
  try {
    const row = await compareThroughput(
      {
        host: logged.port,
        bare: silent.port,
        paths: { entry: origins.entryPath, remote: '' },
        bytes: { entry: 0, remote: 0 },
      },
      origins.entryPath,
      'warm entry, catalog-host process, REQUEST_LOG=on',
      'REQUEST_LOG=off',
    );
    if (logged.stdoutBytes() < 1_000_000) throw new Error(`bench: only ${logged.stdoutBytes()} bytes of access log`);
    return { ...row, target: '≥ 0.95', ok: row.ratio !== undefined && row.ratio >= 0.95 };
  } finally {
    await Promise.all([logged.stop(), silent.stop()]);
    await origins.close();
  }
}

/** Resident memory of `pid`, in bytes (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Every process under `pid` (esbuild-wasm runs as a child of the host). */
function descendantsOf(pid: number): number[] {
  let children: number[] = [];
  try {
    const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    children = listed.trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // Gone, or the kernel does not list children: none.
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** RSS of the host process and of its children, in bytes. */
interface TreeRss {
  readonly host: number;
  readonly children: number;
}

function treeRss(pid: number): TreeRss {
  return { host: rssOf(pid), children: descendantsOf(pid).reduce((sum, child) => sum + rssOf(child), 0) };
}

const total = (rss: TreeRss) => rss.host + rss.children;

/** Samples the tree's RSS until its total has not grown by 1 MiB for 2 s (at most 20 s): what an idle host settles at. */
async function settledRss(pid: number): Promise<TreeRss> {
  const started = performance.now();
  let peak = treeRss(pid);
  let grownAt = performance.now();
  while (performance.now() - grownAt < 2_000 && performance.now() - started < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = treeRss(pid);
    if (total(now) > total(peak) + 1024 * 1024) grownAt = performance.now();
    if (total(now) > total(peak)) peak = now;
  }
  return peak;
}

async function timedGet(port: number, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const described = (rss: TreeRss) =>
  rss.children === 0 ? mib(rss.host) : `${mib(total(rss))} (host ${mib(rss.host)} + esbuild ${mib(rss.children)})`;

/**
 * RSS of an idle host per `REMOTE_COMPILER` mode (the process and its children, after one warm
 * entry), and for the modes that compile, the first compile's latency and the RSS after it.
 * Report only (Linux: read from /proc).
 */
export async function compilerModeRss(): Promise<BenchRow[]> {
  if (!existsSync('/proc/self/status')) return [reportRow('host RSS per REMOTE_COMPILER', 'not measured: no /proc')];
  const origins = await startOrigins();
  const rows: BenchRow[] = [];
  try {
    for (const mode of ['eager', 'lazy', 'off'] as const) {
      const host = await startHost({ ...origins.env, REMOTE_COMPILER: mode });
      try {
        if ((await timedGet(host.port, origins.entryPath)).status !== 200) throw new Error('bench: entry not 200');
        const idle = await settledRss(host.pid);
        const compile = await timedGet(host.port, origins.remotePath);
        const expected = mode === 'off' ? 501 : 200;
        if (compile.status !== expected) throw new Error(`bench: ${mode} compile answered ${compile.status}`);
        const after = await settledRss(host.pid);
        rows.push(
          reportRow(
            `idle host RSS, REMOTE_COMPILER=${mode}`,
            `${described(idle)} idle`,
            mode === 'off'
              ? `remote-component answers 501, then ${described(after)}`
              : `first compile ${compile.ms.toFixed(0)} ms, then ${described(after)}`,
          ),
        );
      } finally {
        await host.stop();
      }
    }
  } finally {
    await origins.close();
  }
  return rows;
}
