import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

// Where the bench's processes run: the measured servers on core 1, every load generator on core 0
// (taskset, when the machine has it and two cores), so that a server and its load never take
// turns on one core.

const pinned = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;

/** Seconds of one {@link runLoad} (`BENCH_SECONDS`, default 2). */
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 2);

/** `command args` run on `core` when taskset is there (taskset execs the command: the pid is its). */
export function onCore(core: 0 | 1, command: string, args: readonly string[]): [string, string[]] {
  return pinned ? ['/usr/bin/taskset', ['-c', String(core), command, ...args]] : [command, [...args]];
}

/**
 * autocannon in its own process on core 0 against `url` for `seconds` (default `BENCH_SECONDS`),
 * with `headers` on each request; 10 connections, 4 pipelined requests each, so the server is the
 * bottleneck.
 */
export async function runLoad(
  url: string,
  options: { readonly seconds?: number; readonly headers?: Readonly<Record<string, string>> } = {},
): Promise<autocannon.Result> {
  const cli = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const [command, args] = onCore(0, process.execPath, [
    cli,
    '-c',
    '10',
    '-p',
    '4',
    '-d',
    String(options.seconds ?? loadSeconds),
    '-j',
    ...headerArgs,
    url,
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await once(child, 'exit');
  return JSON.parse(output) as autocannon.Result;
}
