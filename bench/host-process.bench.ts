import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, statSync, watch } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { HOST_MAIN_FILE } from '../testing/host/host-process.js';
import { startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';
import { sampleCatalog } from '../testing/origins/sample-packages.js';
import { pairedRatioRow, sessionWindows } from './alternating-windows.js';
import { type BenchRow, median, reportRow } from './bench-row.js';
import { onCore, runLoad } from './load-generator.js';

// The host as operators run it: host/dist/main.js (`npm run host`, `catalog-host`) in its own
// process, configured by its environment, its output read through a pipe as a log collector
// (docker, systemd) reads it. docs/host-logs.md "Measured" and docs/host-metrics.md "Cost" quote
// these rows.

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
      // No load balancer: each measured process stops at once.
      SHUTDOWN_DRAIN_MS: '0',
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
 * competes with it or with the load generator for the two cores. `nodeArgs` go to node before
 * the script.
 */
async function startHost(
  env: Record<string, string>,
  stdoutFile?: string,
  nodeArgs: string[] = [],
): Promise<RunningHost> {
  const [command, args] = onCore(1, process.execPath, [...nodeArgs, HOST_MAIN_FILE]);
  const fileHandle = stdoutFile === undefined ? undefined : await open(stdoutFile, 'a');
  const child: ChildProcess = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', fileHandle?.fd ?? 'pipe', 'inherit'],
  });
  await fileHandle?.close(); // the child has its own copy of the descriptor
  let head = '';
  let bytes = 0;
  // The text line, or LOG_FORMAT=json's object with it as `msg`.
  const listening = /host listening on http:\/\/127\.0\.0\.1:(\d+)(?:"\})?$/m;
  const port = await new Promise<number>((resolve, reject) => {
    if (stdoutFile !== undefined) {
      const found = () => {
        const match = listening.exec(readFileSync(stdoutFile, 'utf8').slice(0, 4096));
        if (match === null) return;
        watcher.close();
        resolve(Number(match[1]));
      };
      const watcher = watch(stdoutFile, found);
      child.once('exit', (code) => {
        watcher.close();
        reject(new Error(`bench: host exited (${code}) before listening`));
      });
      found(); // the line may have come before the watcher
      return;
    }
    child.once('exit', (code) => reject(new Error(`bench: host exited (${code}) before listening`)));
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
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Warm entry through the real process, access log on (the default, `REQUEST_LOG=on`) against the
 * same process with `REQUEST_LOG=off` (target ≥ 0.90): CPU time a request, off over on, which is
 * what throughput becomes when the host has its core to itself. Everything else is the default
 * configuration (in-process store, `REMOTE_COMPILER=lazy`); both write their stdout to a file.
 * One load generator on core 0 takes turns between the two hosts (core 1) in windows of one
 * second, A B B A … (bench/alternating-load.ts): on this shared machine the host's CPU time a
 * request drifts by 10-30% within a minute, and rounds of seconds, one process at a time, left
 * the ratio to ±5% from run to run. Each two windows, one of each, make a ratio; each two ratios,
 * one of each order, their geometric mean (the order cancels); the row is the median of those,
 * pooled over {@link logCostSessions} sessions, each with a fresh pair of processes.
 *
 * Both processes run without V8's memory reducer (`--no-memory-reducer`, the row's one departure
 * from `npm run host`). Its watchdog compacts the heap after 100 s without a full GC, and after
 * that GC one of the two processes often ran 10 to 20% slower or faster than before, for the
 * next 100 s, whether it logged or not (traced with `--trace-gc`): a step that the median of a
 * run measured instead of the log. Without it, both processes hold their pace for minutes.
 */
export function requestLogCost(): Promise<BenchRow> {
  return onOffCost(accessLogPair('text'));
}

/**
 * {@link requestLogCost} with the logging host on `LOG_FORMAT=json` (one JSON record an access
 * line, with the request id), measured the same way against the same `REQUEST_LOG=off` host, with
 * the same target (≥ 0.90).
 */
export function requestLogCostJson(): Promise<BenchRow> {
  return onOffCost(accessLogPair('json'));
}

/**
 * The metrics' cost (docs/host-metrics.md "Cost"): the warm entry of a host with `METRICS=on`
 * (every answer observed in the request histogram, every lookup counted, `/metrics` never
 * scraped) against one with `METRICS=off`, both without the access log, measured as
 * {@link requestLogCost} (CPU time a request, interleaved windows): target ≥ 0.95.
 */
export function metricsCost(): Promise<BenchRow> {
  return onOffCost({
    name: 'METRICS=on vs off',
    on: { METRICS: 'on', REQUEST_LOG: 'off' },
    off: { METRICS: 'off', REQUEST_LOG: 'off' },
    baseline: 'METRICS=off',
    target: 0.95,
  });
}

/** Two hosts that differ in one feature, for {@link onOffCost}. */
interface OnOffPair {
  /** What the row compares, in its name: `REQUEST_LOG=on vs off`. */
  readonly name: string;
  readonly on: Readonly<Record<string, string>>;
  readonly off: Readonly<Record<string, string>>;
  /** The baseline column's label. */
  readonly baseline: string;
  /** The least ratio, off's CPU time a request over on's. */
  readonly target: number;
  /** Checks, after the load, that the feature did its work (the access log was written, say). */
  readonly check?: (on: RunningHost) => void;
}

/** The access log's pair: `REQUEST_LOG=on` in `logFormat` against `REQUEST_LOG=off`. */
function accessLogPair(logFormat: 'text' | 'json'): OnOffPair {
  return {
    name: `REQUEST_LOG=on${logFormat === 'json' ? ' LOG_FORMAT=json' : ''} vs off`,
    on: { REQUEST_LOG: 'on', LOG_FORMAT: logFormat },
    off: { REQUEST_LOG: 'off' },
    baseline: 'REQUEST_LOG=off',
    target: 0.9,
    check: (logged) => {
      if (logged.stdoutBytes() < 1_000_000) throw new Error(`bench: only ${logged.stdoutBytes()} bytes of access log`);
    },
  };
}

async function onOffCost(pair: OnOffPair): Promise<BenchRow> {
  const sessionCount = positiveMultiple('BENCH_LOG_SESSIONS', logCostSessions, 1);
  const measuredWindows = positiveMultiple('BENCH_LOG_WINDOWS', logCostWindows, 4);
  const sessions = await sequence(sessionCount, (session) =>
    // Every other session starts the host without the log first (the load always starts on the other).
    withHostPair(
      { silentFirst: session % 2 === 1, nodeArgs: ['--no-memory-reducer'], on: pair.on, off: pair.off },
      async (origins, logged, silent) => {
        const url = (host: RunningHost) => `http://127.0.0.1:${host.port}${origins.entryPath}`;
        const windows = await sessionWindows(
          [
            { url: url(logged), pid: logged.pid },
            { url: url(silent), pid: silent.pid },
          ],
          measuredWindows,
        );
        pair.check?.(logged);
        return windows;
      },
    ),
  );
  return pairedRatioRow(`warm entry, catalog-host process, ${pair.name}`, sessions, pair.baseline, {
    least: pair.target,
    resolution: ON_OFF_RESOLUTION,
  });
}

/**
 * The resolution of the on/off rows with their default eight pairs of processes, about ±1%
 * (docs/host-logs.md "Measured"): a ratio within it of the target counts as met.
 */
const ON_OFF_RESOLUTION = 0.01;

/**
 * Sessions of the access-log row (`BENCH_LOG_SESSIONS`, default 8), each with a fresh pair of host
 * processes. A pair of processes is its own noise: on two identical `REQUEST_LOG=off` hosts, 20
 * sessions' ratios ranged from 0.958 to 1.062 (standard deviation 0.030), whatever the windows, and
 * a session keeps its offset from its first window to its last (docs/host-logs.md "Measured").
 * Only more pairs narrow it: eight make the row about ±1%, where two left it ±2%.
 */
const logCostSessions = process.env.BENCH_LOG_SESSIONS ?? '8';

/**
 * Measured windows of a session (`BENCH_LOG_WINDOWS`, default 32, a multiple of 4: A B B A): a
 * window's ratio swings by ±10% on this shared machine, so a session needs several; beyond 32
 * they narrow the session's median less than another pair of processes does.
 */
const logCostWindows = process.env.BENCH_LOG_WINDOWS ?? '32';

/** `text` as a positive integer that is a multiple of `step`; an error that names `name` otherwise. */
function positiveMultiple(name: string, text: string, step: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0 || value % step !== 0)
    throw new Error(`${name} must be a positive multiple of ${step}, got "${text}"`);
  return value;
}

/** User + system CPU time of process `pid`, in milliseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so utime (14) and stime (15) are at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The same two processes (log on and off) on the same core, loaded at the same time by one load
 * generator each: whatever else the machine does hits both alike, so this ratio varies far less
 * from run to run than {@link requestLogCost}'s. It is the stricter figure: two busy processes
 * on one core evict each other's caches, which costs the one with more to do a little more.
 * Reported, no target.
 */
export function requestLogCostSharedCore(): Promise<BenchRow> {
  return withHostPair(
    { silentFirst: false, nodeArgs: [], ...accessLogPair('text') },
    async (origins, logged, silent) => {
      const round = async () => {
        const before = [cpuMsOf(logged.pid), cpuMsOf(silent.pid)];
        const [withLog, without] = await Promise.all([
          runLoad(`http://127.0.0.1:${logged.port}${origins.entryPath}`),
          runLoad(`http://127.0.0.1:${silent.port}${origins.entryPath}`),
        ]);
        for (const result of [withLog, without])
          if (result.non2xx > 0 || result.errors > 0)
            throw new Error(`bench: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const on = ((cpuMsOf(logged.pid) - before[0]!) * 1_000) / withLog.requests.total;
        const off = ((cpuMsOf(silent.pid) - before[1]!) * 1_000) / without.requests.total;
        return { on, off };
      };
      await round(); // warm-up
      const rounds = await sequence(Number(process.env.BENCH_SHARED_ROUNDS ?? 10), round);
      return reportRow(
        `warm entry, catalog-host process, REQUEST_LOG=on vs off on one core at the same time (CPU time a request, median of ${rounds.length} rounds)`,
        `${median(rounds.map((r) => r.on)).toFixed(1)} µs CPU a request`,
        `${median(rounds.map((r) => r.off)).toFixed(1)} µs REQUEST_LOG=off`,
        median(rounds.map((r) => r.off / r.on)),
      );
    },
  );
}

/**
 * Runs `measure` with the two hosts of an on/off row (the access log's `REQUEST_LOG=on` and `off`,
 * the metrics'), their settings `on` and `off` over the origins' own, each writing its stdout to a
 * file and run with `nodeArgs` (started in that order, or the other with `silentFirst`), and stops
 * them, the origins and the files afterwards.
 */
async function withHostPair<T>(
  options: {
    silentFirst: boolean;
    nodeArgs: string[];
    on: Readonly<Record<string, string>>;
    off: Readonly<Record<string, string>>;
  },
  measure: (origins: Origins, logged: RunningHost, silent: RunningHost) => Promise<T>,
): Promise<T> {
  const { silentFirst, nodeArgs } = options;
  const origins = await startOrigins();
  let logs: string | undefined;
  const hosts: RunningHost[] = [];
  try {
    const folder = await mkdtemp(join(tmpdir(), 'bench-access-log-'));
    logs = folder;
    const startLogged = () => startHost({ ...origins.env, ...options.on }, join(folder, 'on.log'), nodeArgs);
    const startSilent = () => startHost({ ...origins.env, ...options.off }, join(folder, 'off.log'), nodeArgs);
    hosts.push(await (silentFirst ? startSilent : startLogged)());
    hosts.push(await (silentFirst ? startLogged : startSilent)());
    const [logged, silent] = silentFirst ? [hosts[1]!, hosts[0]!] : [hosts[0]!, hosts[1]!];
    return await measure(origins, logged, silent);
  } finally {
    await Promise.allSettled(hosts.map((host) => host.stop()));
    await origins.close();
    if (logs !== undefined) await rm(logs, { recursive: true, force: true });
  }
}

/** `step` run `count` times, one after the other (given its index). */
async function sequence<T>(count: number, step: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let index = 0; index < count; index += 1) results.push(await step(index));
  return results;
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
const described = (rss: TreeRss, compiler: string) =>
  rss.children === 0 ? mib(rss.host) : `${mib(total(rss))} (host ${mib(rss.host)} + ${compiler} ${mib(rss.children)})`;

/** The settings `compilerModeRss` measures, one host process each: both engines where a compiler runs. */
const COMPILER_SETTINGS = [
  { mode: 'eager', engine: 'wasm' },
  { mode: 'eager', engine: 'native' },
  { mode: 'lazy', engine: 'wasm' },
  { mode: 'lazy', engine: 'native' },
  { mode: 'off', engine: undefined },
] as const;

/**
 * RSS of an idle host per `REMOTE_COMPILER` mode and, where a compiler runs, per
 * `REMOTE_COMPILER_ENGINE` (the process and its children, after one warm entry), and for the modes
 * that compile, the first compile's latency and the RSS after it; then the RSS after the first
 * compile with `lazy` (the default), esbuild-wasm over native esbuild. Report only (Linux: read
 * from /proc). Native esbuild is the workspace's devDependency, the version of esbuild-wasm.
 */
export async function compilerModeRss(): Promise<BenchRow[]> {
  if (!existsSync('/proc/self/status')) return [reportRow('host RSS per REMOTE_COMPILER', 'not measured: no /proc')];
  const origins = await startOrigins();
  const rows: BenchRow[] = [];
  const afterLazyCompile = new Map<string, TreeRss>();
  try {
    for (const { mode, engine } of COMPILER_SETTINGS) {
      const host = await startHost({
        ...origins.env,
        REMOTE_COMPILER: mode,
        ...(engine === undefined ? {} : { REMOTE_COMPILER_ENGINE: engine }),
      });
      const compiler = engine === 'native' ? 'esbuild' : 'esbuild-wasm';
      try {
        if ((await timedGet(host.port, origins.entryPath)).status !== 200) throw new Error('bench: entry not 200');
        const idle = await settledRss(host.pid);
        const compile = await timedGet(host.port, origins.remotePath);
        const expected = mode === 'off' ? 501 : 200;
        if (compile.status !== expected) throw new Error(`bench: ${mode} compile answered ${compile.status}`);
        const after = await settledRss(host.pid);
        if (mode === 'lazy') afterLazyCompile.set(engine, after);
        rows.push(
          reportRow(
            `idle host RSS, REMOTE_COMPILER=${mode}${engine === undefined ? '' : `, REMOTE_COMPILER_ENGINE=${engine}`}`,
            `${described(idle, compiler)} idle`,
            mode === 'off'
              ? `remote-component answers 501, then ${described(after, compiler)}`
              : `first compile ${compile.ms.toFixed(0)} ms, then ${described(after, compiler)}`,
          ),
        );
      } finally {
        await host.stop();
      }
    }
  } finally {
    await origins.close();
  }
  const [wasm, native] = [afterLazyCompile.get('wasm')!, afterLazyCompile.get('native')!];
  rows.push(
    reportRow(
      'host RSS after the first compile, REMOTE_COMPILER=lazy, esbuild-wasm over native',
      `${described(wasm, 'esbuild-wasm')} REMOTE_COMPILER_ENGINE=wasm`,
      `${described(native, 'esbuild')} native`,
      total(wasm) / total(native),
    ),
  );
  return rows;
}
