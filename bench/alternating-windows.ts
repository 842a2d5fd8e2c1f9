import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { type BenchRow, median, ratioTarget } from './bench-row.js';
import { onCore, runLoad } from './load-generator.js';

// CPU time a request of two servers loaded in turns (bench/alternating-load.ts), and the ratio of
// the two: the measure of the rows that compare two processes on this shared machine
// (docs/host-logs.md "Measured", docs/host-performance.md "Warm entry").

/** One window of bench/alternating-load.ts. */
export interface LoadWindow {
  readonly target: 0 | 1;
  readonly cpuNs: number;
  readonly requests: number;
  readonly seconds: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** A server to load: the URL it answers, the process whose CPU time it spends. */
export interface LoadTarget {
  readonly url: string;
  readonly pid: number;
}

/**
 * Windows left out at the start of a session: in their first half minute of taking turns, the
 * two processes still settle (their young generations grow), and the ratio is a few percent lower.
 * A multiple of 4, so that the measured windows start on target 0 (A B B A).
 */
const WARM_UP_WINDOWS = 32;

/**
 * One session of a row: a first load of each target (warming both processes and the JIT), then
 * windows of a second in turns, of which the first {@link WARM_UP_WINDOWS} are left out and
 * `measured` (a multiple of 4) kept.
 */
export async function sessionWindows(
  targets: readonly [LoadTarget, LoadTarget],
  measured: number,
): Promise<LoadWindow[]> {
  for (const { url } of targets) await runLoad(url);
  const windows = await alternatingLoad({ targets, windowSeconds: 1, windows: WARM_UP_WINDOWS + measured });
  return windows.slice(WARM_UP_WINDOWS);
}

/** Runs bench/alternating-load.ts on core 0 and returns its windows; throws on any failed request. */
export async function alternatingLoad(plan: {
  targets: readonly LoadTarget[];
  windowSeconds: number;
  windows: number;
}): Promise<LoadWindow[]> {
  const script = fileURLToPath(new URL('./alternating-load.ts', import.meta.url));
  const args = ['--import', 'tsx', script, JSON.stringify(plan)];
  const [command, commandArgs] = onCore(0, process.execPath, args);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`bench: alternating-load exited ${code}`);
  const windows = JSON.parse(output) as LoadWindow[];
  for (const window of windows)
    if (window.non2xx > 0 || window.errors > 0)
      throw new Error(`bench: ${window.non2xx} non-2xx, ${window.errors} errors`);
  return windows;
}

/** What {@link pairedRatio} makes of the windows of one or more sessions. */
interface PairedRatio {
  /** Median over the pairs of windows of target 1's CPU time a request over target 0's. */
  readonly ratio: number;
  readonly pairs: number;
  /** The middle half of the pairs' ratios, as text: `0.914 to 1.075`. */
  readonly middleHalf: string;
  /** Median CPU time a request (µs) and requests a second of each target. */
  readonly usPerRequest: readonly [number, number];
  readonly perSecond: readonly [number, number];
}

/**
 * Each two windows, one of each target, make a ratio (target 1's CPU time a request over target
 * 0's: above 1 when target 0 costs less); each two ratios, one of each order (A B, B A), their
 * geometric mean, so the order cancels; the result is the median of those over every session.
 */
function pairedRatio(sessions: readonly (readonly LoadWindow[])[]): PairedRatio {
  const usPerRequest = (window: LoadWindow) => window.cpuNs / 1_000 / window.requests;
  const pairs: number[] = [];
  for (const windows of sessions) {
    const ratios: number[] = [];
    for (let index = 0; index + 1 < windows.length; index += 2) {
      const [first, second] = [windows[index]!, windows[index + 1]!];
      const [zero, one] = first.target === 0 ? [first, second] : [second, first];
      ratios.push(usPerRequest(one) / usPerRequest(zero));
    }
    for (let pair = 0; pair + 1 < ratios.length; pair += 2) pairs.push(Math.sqrt(ratios[pair]! * ratios[pair + 1]!));
  }
  const sorted = [...pairs].sort((a, b) => a - b);
  const of = (target: 0 | 1) => sessions.flat().filter((window) => window.target === target);
  const perSecond = (target: 0 | 1) => median(of(target).map((window) => window.requests / window.seconds));
  return {
    ratio: median(pairs),
    pairs: pairs.length,
    middleHalf: `${sorted[Math.floor(sorted.length / 4)]!.toFixed(3)} to ${sorted[Math.ceil((3 * sorted.length) / 4) - 1]!.toFixed(3)}`,
    usPerRequest: [median(of(0).map(usPerRequest)), median(of(1).map(usPerRequest))],
    perSecond: [perSecond(0), perSecond(1)],
  };
}

/**
 * The row of a pair measured by {@link sessionWindows}: `name` with how it was measured, target 0
 * in the measured column, target 1 (`baseline`) in the baseline column, and `target` the least
 * ratio (target 1's CPU time a request over target 0's) with the row's resolution: a ratio within
 * it of the target counts as met (bench/README.md "Running it").
 */
export function pairedRatioRow(
  name: string,
  sessions: readonly (readonly LoadWindow[])[],
  baseline: string,
  target: { readonly least: number; readonly resolution: number },
): BenchRow {
  const { ratio, pairs, middleHalf, usPerRequest, perSecond } = pairedRatio(sessions);
  return {
    name: `${name} (CPU time a request, median of ${pairs} pairs of windows of 1 s, ${sessions.length} pairs of processes)`,
    measured: `${usPerRequest[0].toFixed(1)} µs CPU a request, ${Math.round(perSecond[0])} req/s; middle half of the pairs ${middleHalf}`,
    baseline: `${usPerRequest[1].toFixed(1)} µs, ${Math.round(perSecond[1])} req/s ${baseline}`,
    ratio,
    ...ratioTarget(ratio, { at: 'least', value: target.least, resolution: target.resolution }),
  };
}
