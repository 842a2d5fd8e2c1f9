import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, openSync, readFileSync, statSync, watch, writeSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { withAccessLog } from '../host/access-log.js';
import { createProcessLogger } from '../host/process-logger.js';
import { startHostFixture } from '../testing/host/host-fixture.js';
import { HOST_MAIN_FILE } from '../testing/host/host-process.js';
import { startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';
import { sampleCatalog } from '../testing/origins/sample-packages.js';
import { type BenchRow, median, reportRow } from './bench-row.js';
import { runLoad } from './host-catalog.bench.js';

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

/**
 * Starts host/dist/main.js on core 1 (the load generator takes core 0) and waits for its listening
 * line. Its stdout goes to a pipe this process reads, or, with `stdoutFile`, straight to that file
 * (what `StandardOutput=append:` of systemd does): the host pays for its writes, and no collector
 * competes with it or with the load generator for the two cores.
 */
async function startHost(env: Record<string, string>, stdoutFile?: string): Promise<RunningHost> {
  const [command, args] = pinned
    ? ['/usr/bin/taskset', ['-c', '1', process.execPath, HOST_MAIN_FILE]]
    : [process.execPath, [HOST_MAIN_FILE]];
  const fileHandle = stdoutFile === undefined ? undefined : await open(stdoutFile, 'a');
  const child: ChildProcess = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', fileHandle?.fd ?? 'pipe', 'inherit'],
  });
  await fileHandle?.close(); // the child has its own copy of the descriptor
  let head = '';
  let bytes = 0;
  const listening = /^host listening on http:\/\/127\.0\.0\.1:(\d+)$/m;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench: host exited (${code}) before listening`)));
    if (stdoutFile !== undefined) {
      const watcher = watch(stdoutFile, () => {
        const match = listening.exec(readFileSync(stdoutFile, 'utf8').slice(0, 4096));
        if (match) {
          watcher.close();
          resolve(Number(match[1]));
        }
      });
      return;
    }
    child.stdout!.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (head.length < 4096) {
        head += chunk;
        const match = listening.exec(head);
        if (match) resolve(Number(match[1]));
      }
    });
  });
  return {
    port,
    pid: child.pid!,
    stdoutBytes: () => (stdoutFile === undefined ? bytes : statSync(stdoutFile).size),
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
 * the default configuration (in-process store, `REMOTE_COMPILER=lazy`). Both write their stdout
 * to a file: a collector reading a pipe in this process took the load generator's core.
 * The ratio is of CPU time per request (the process's user + system time over a round, from
 * /proc, divided by the requests answered), off over on: what throughput becomes when the host
 * has its core to itself. Requests per second are reported too, but on this shared machine they
 * swing by ±10% from round to round with whatever else runs.
 */
export async function requestLogCost(): Promise<BenchRow> {
  const origins = await startOrigins();
  const logs = await mkdtemp(join(tmpdir(), 'bench-access-log-'));
  const logged = await startHost({ ...origins.env, REQUEST_LOG: 'on' }, join(logs, 'on.log'));
  const silent = await startHost({ ...origins.env, REQUEST_LOG: 'off' }, join(logs, 'off.log'));
  try {
    const round = async (host: RunningHost) => {
      const cpuBefore = cpuMsOf(host.pid);
      const result = await runLoad(`http://127.0.0.1:${host.port}${origins.entryPath}`);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`bench: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return {
        perSecond: result.requests.average,
        cpuUs: ((cpuMsOf(host.pid) - cpuBefore) * 1_000) / result.requests.total,
      };
    };
    await round(silent); // warm-up of both processes and of the JIT
    await round(logged);
    const on = { perSecond: [] as number[], cpuUs: [] as number[] };
    const off = { perSecond: [] as number[], cpuUs: [] as number[] };
    const ratios: number[] = [];
    for (let index = 0; index < logCostRounds; index += 1) {
      const [a, b] = index % 2 === 0 ? [logged, silent] : [silent, logged];
      const first = await round(a);
      const second = await round(b);
      const [withLog, without] = a === logged ? [first, second] : [second, first];
      on.perSecond.push(withLog.perSecond);
      on.cpuUs.push(withLog.cpuUs);
      off.perSecond.push(without.perSecond);
      off.cpuUs.push(without.cpuUs);
      ratios.push(without.cpuUs / withLog.cpuUs);
    }
    if (logged.stdoutBytes() < 1_000_000) throw new Error(`bench: only ${logged.stdoutBytes()} bytes of access log`);
    // The process that runs second in a round fares differently from the first (by up to 15%
    // here), so a round's ratio carries the order. Each two rounds, one of each order, make one
    // ratio (their geometric mean), in which that effect cancels; the row is their median.
    const pairs = Array.from({ length: Math.floor(ratios.length / 2) }, (_, pair) =>
      Math.sqrt(ratios[2 * pair]! * ratios[2 * pair + 1]!),
    );
    const ratio = median(pairs);
    return {
      name: `warm entry, catalog-host process, REQUEST_LOG=on vs off (CPU time a request, median of ${pairs.length} pairs of rounds)`,
      measured: `${median(on.cpuUs).toFixed(1)} µs CPU a request, ${Math.round(median(on.perSecond))} req/s`,
      baseline: `${median(off.cpuUs).toFixed(1)} µs, ${Math.round(median(off.perSecond))} req/s REQUEST_LOG=off`,
      ratio,
      target: '≥ 0.95',
      ok: ratio >= 0.95,
    };
  } finally {
    await Promise.all([logged.stop(), silent.stop()]);
    await origins.close();
    await rm(logs, { recursive: true, force: true });
  }
}

/**
 * Rounds of the access-log row (`BENCH_LOG_ROUNDS`, even: half with each process first): a
 * round's ratio swings by ±15% on this shared machine, so one a few percent wide needs many.
 */
const logCostRounds = 2 * Math.ceil(Number(process.env.BENCH_LOG_ROUNDS ?? 16) / 2);

/** User + system CPU time of process `pid`, in milliseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so utime (14) and stime (15) are at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The access line's own cost per request, without HTTP or a second process: the app's fetch
 * with and without `withAccessLog` and the process logger (its batched writes going to
 * /dev/null), 50,000 warm entries per round, alternating, median of the per-round ratios.
 */
export async function accessLineCost(): Promise<BenchRow> {
  const fixture = await startHostFixture({ packages: 1 });
  const devNull = openSync('/dev/null', 'w');
  const sink = {
    write: (chunk: string, callback?: () => void) => {
      writeSync(devNull, chunk);
      callback?.();
      return true;
    },
  };
  const logger = createProcessLogger(sink, sink);
  try {
    const plain = fixture.app.fetch;
    const logged = withAccessLog(fixture.app.fetch, logger);
    const url = 'http://127.0.0.1/api/runtime-catalog/pkg0';
    const perRequestUs = async (handler: typeof plain, requests: number) => {
      const started = performance.now();
      for (let index = 0; index < requests; index += 1) {
        const response = await handler(new Request(url));
        await response.arrayBuffer();
      }
      return ((performance.now() - started) / requests) * 1_000;
    };
    await perRequestUs(plain, 20_000); // the JIT
    await perRequestUs(logged, 20_000);
    const ratios: number[] = [];
    const timings = { plain: [] as number[], logged: [] as number[] };
    for (let round = 0; round < 7; round += 1) {
      const first = round % 2 === 0;
      const a = await perRequestUs(first ? plain : logged, 50_000);
      const b = await perRequestUs(first ? logged : plain, 50_000);
      const [withLine, without] = first ? [b, a] : [a, b];
      timings.plain.push(without);
      timings.logged.push(withLine);
      ratios.push(without / withLine);
    }
    return reportRow(
      'warm entry, in-process, with the access line vs without (median of 7)',
      `${median(timings.logged).toFixed(2)} µs a request`,
      `${median(timings.plain).toFixed(2)} µs without`,
      median(ratios),
    );
  } finally {
    logger.flushNow(); // before the descriptor goes: its timer would write after
    closeSync(devNull);
    await fixture.close();
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
