import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startHostFixture } from '../testing/host/host-fixture.js';
import { pairedRatioRow, sessionWindows } from './alternating-windows.js';
import { type BenchRow, median } from './bench-row.js';
import { onCore, runLoad } from './load-generator.js';
import type { ThroughputServers } from './throughput-server.js';

const throughputRounds = Number(process.env.BENCH_ROUNDS ?? 7);

/** A child process serving the host and the bare baseline (bench/throughput-server.ts), run with `nodeArgs`. */
export async function startThroughputServers(
  nodeArgs: readonly string[] = [],
): Promise<ThroughputServers & { readonly pid: number; stop(): void }> {
  // The servers run on core 1, the load generator on core 0 (runLoad).
  const script = fileURLToPath(new URL('./throughput-server.ts', import.meta.url));
  const [command, args] = onCore(1, process.execPath, [...nodeArgs, '--import', 'tsx', script]);
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [servers] = (await once(child, 'message')) as [ThroughputServers];
  return {
    ...servers,
    // taskset execs node: the pid is the server's.
    pid: child.pid!,
    stop: () => {
      child.disconnect();
      child.kill();
    },
  };
}

/**
 * Throughput of `path` on the host against the bare baseline. Short rounds, interleaved and
 * alternating in order, so that drift of this 2-core machine hits both sides alike; the ratio is
 * the median of the per-round ratios.
 */
export async function compareThroughput(
  servers: ThroughputServers,
  path: string,
  name: string,
  baselineName: string,
  /** The least ratio; none: a report row. */
  target: number | undefined,
): Promise<BenchRow> {
  const load = async (port: number) => {
    const result = await runLoad(`http://127.0.0.1:${port}${path}`);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`bench: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  };
  await load(servers.bare); // warm-up of both servers and of the JIT
  await load(servers.host);
  const ratios: number[] = [];
  let hostTotal = 0;
  let bareTotal = 0;
  for (let round = 0; round < throughputRounds; round += 1) {
    const [host, bare] =
      round % 2 === 0
        ? [await load(servers.host), await load(servers.bare)]
        : [await load(servers.bare), await load(servers.host)].reverse();
    hostTotal += host!;
    bareTotal += bare!;
    ratios.push(host! / bare!);
  }
  const ratio = median(ratios);
  return {
    name: `${name} (median of ${throughputRounds} rounds)`,
    measured: `${Math.round(hostTotal / throughputRounds)} req/s`,
    baseline: `${Math.round(bareTotal / throughputRounds)} req/s ${baselineName}`,
    ratio,
    target: target === undefined ? 'report' : `≥ ${target}`,
    ok: target === undefined ? undefined : ratio >= target,
  };
}

/**
 * Warm `GET /api/runtime-catalog/<id>` against a bare Hono route with the same bytes, as
 * throughput (report). The target is on {@link warmEntryCpu}:
 * this ratio swings from 0.66 to 1.03 between runs on this shared machine.
 */
export function warmEntryThroughput(servers: ThroughputServers): Promise<BenchRow> {
  return compareThroughput(
    servers,
    servers.paths.entry,
    `warm entry throughput (${servers.bytes.entry} B)`,
    'bare Hono, same bytes',
    undefined,
  );
}

/** Sessions of {@link warmEntryCpu} (`BENCH_WARM_SESSIONS`, default 2), each with fresh processes. */
const warmEntrySessions = Number(process.env.BENCH_WARM_SESSIONS ?? 2);

/** Measured windows of a session of {@link warmEntryCpu} (a multiple of 4: A B B A). */
const warmEntryWindows = 64;

/**
 * Warm `GET /api/runtime-catalog/<id>` against a bare Hono route with the same bytes and headers
 * (target ≥ 0.9; docs/host-performance.md "Warm entry"): CPU time a request, bare over
 * host, which is what throughput becomes when each has its core to itself. Two throughput-server
 * processes on core 1, the host of one and the bare route of the other loaded in turns, windows
 * of a second (bench/alternating-windows.ts, as the access log's rows), without V8's memory
 * reducer (docs/host-logs.md "Measured").
 */
export async function warmEntryCpu(): Promise<BenchRow> {
  const sessions = [];
  for (let session = 0; session < warmEntrySessions; session += 1) {
    const withHost = await startThroughputServers(['--no-memory-reducer']);
    const withBare = await startThroughputServers(['--no-memory-reducer']);
    try {
      sessions.push(
        await sessionWindows(
          [
            { url: `http://127.0.0.1:${withHost.host}${withHost.paths.entry}`, pid: withHost.pid },
            { url: `http://127.0.0.1:${withBare.bare}${withBare.paths.entry}`, pid: withBare.pid },
          ],
          warmEntryWindows,
        ),
      );
    } finally {
      withHost.stop();
      withBare.stop();
    }
  }
  // Two pairs of processes: about ±2%, as two pairs of the access log's rows (docs/host-logs.md
  // "Measured"); a ratio within it of the target counts as met.
  return pairedRatioRow('warm entry against bare Hono with the same bytes', sessions, 'bare Hono', {
    least: 0.9,
    resolution: 0.02,
  });
}

/** Cold entry latency with every artifact delayed 50 ms, against 50 ms (target ≤ 1.1). */
export async function coldEntryLatency(): Promise<BenchRow> {
  const samples = 30;
  const delayMs = 50;
  const host = await startHostFixture({ packages: samples, delayMs });
  try {
    await host.app.request('/api/runtime-catalog/nothing'); // reads the catalog once
    const times: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      const started = performance.now();
      const response = await host.app.request(`/api/runtime-catalog/pkg${index}`);
      await response.text();
      if (response.status !== 200) throw new Error(`bench: cold entry answered ${response.status}`);
      times.push(performance.now() - started);
    }
    const latency = median(times);
    const ratio = latency / delayMs;
    return {
      name: 'cold entry latency (median of 30)',
      measured: `${latency.toFixed(1)} ms`,
      baseline: `${delayMs} ms origin delay`,
      ratio,
      target: '≤ 1.1',
      ok: ratio <= 1.1,
    };
  } finally {
    await host.close();
  }
}

/**
 * The whole catalog of 1,000 packages in this process: cold and warm time, origin requests. Its
 * memory is measured in a host process of its own (host-catalog-memory.bench.ts): this process
 * also holds the origin and the bench.
 */
export async function wholeCatalog(): Promise<BenchRow[]> {
  const packages = 1_000;
  const host = await startHostFixture({ packages });
  try {
    const time = async () => {
      const started = performance.now();
      const response = await host.app.request('/api/runtime-catalog');
      const body = (await response.json()) as { entries: unknown[]; failures: unknown[] };
      if (response.status !== 200 || body.entries.length !== packages || body.failures.length !== 0) {
        throw new Error(`bench: whole catalog answered ${response.status} with ${body.entries.length} entries`);
      }
      return performance.now() - started;
    };
    const cold = await time();
    const coldRequests = host.origin.requests();
    const warm = await time();
    const warmRequests = host.origin.requests() - coldRequests;
    return [
      {
        name: 'whole catalog, 1,000 packages: cold',
        measured: `${cold.toFixed(0)} ms, ${coldRequests} origin requests`,
        baseline: '5000 requests expected',
        ratio: undefined,
        target: '= 5000',
        ok: coldRequests === 5_000,
      },
      {
        name: 'whole catalog, 1,000 packages: warm',
        measured: `${warm.toFixed(2)} ms, ${warmRequests} origin requests`,
        baseline: `cold ${cold.toFixed(0)} ms`,
        ratio: warm / cold,
        target: '= 0 requests',
        ok: warmRequests === 0,
      },
    ];
  } finally {
    await host.close();
  }
}
