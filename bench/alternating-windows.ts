import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { median } from './bench-row.js';

// CPU time a request of two servers loaded in turns (bench/alternating-load.ts), and the ratio of
// the two: the measure of the rows that compare two processes on this shared machine
// (docs/host-process.md "Request log", "Warm entry").

const pinned = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;

/** One window of bench/alternating-load.ts. */
export interface LoadWindow {
  readonly target: 0 | 1;
  readonly cpuNs: number;
  readonly requests: number;
  readonly seconds: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** Runs bench/alternating-load.ts on core 0 and returns its windows; throws on any failed request. */
export async function alternatingLoad(plan: {
  targets: { url: string; pid: number }[];
  windowSeconds: number;
  windows: number;
}): Promise<LoadWindow[]> {
  const script = fileURLToPath(new URL('./alternating-load.ts', import.meta.url));
  const args = ['--import', 'tsx', script, JSON.stringify(plan)];
  const [command, commandArgs] = pinned
    ? ['/usr/bin/taskset', ['-c', '0', process.execPath, ...args]]
    : [process.execPath, args];
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
export interface PairedRatio {
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
export function pairedRatio(sessions: readonly (readonly LoadWindow[])[]): PairedRatio {
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
