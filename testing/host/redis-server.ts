import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { freePort } from '../free-port.js';

/** Test-only: a real redis-server on 127.0.0.1, without persistence. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM, or `signal`: SIGKILL is a crash) and waits for it to exit: Redis "goes away". */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  restart(): Promise<void>;
}

/** The redis-server binary: Debian's, else the first on PATH. scripts/run-tests.mjs installs it when missing. */
export const REDIS_SERVER_BIN = existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : 'redis-server';

/**
 * Starts redis-server on a free port and resolves once it logs that it accepts connections
 * (its own ready line, no polling). `args` adds configuration (`['--requirepass', 's']`, say).
 */
export async function startRedisServer(args: readonly string[] = []): Promise<RedisServer> {
  const started = await launchOnFreePort((port) => launch(port, args));
  const { port } = started;
  let child = started.launched;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
    restart: async () => {
      child = await launch(port, args);
    },
  };
}

/** Ports a start tries: another process can take the free port between its pick and the bind. */
const PORT_ATTEMPTS = 5;

/**
 * Test-only: `launch` on a free port of 127.0.0.1, and on another one when that port was taken
 * between the pick and the bind (redis-server and redis-sentinel exit with "Address already in
 * use"; seen once in a whole run, with the test files in parallel).
 */
export async function launchOnFreePort<T>(
  launch: (port: number) => Promise<T>,
): Promise<{ readonly port: number; readonly launched: T }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return { port, launched: await launch(port) };
    } catch (error) {
      if (attempt === PORT_ATTEMPTS || !String(error).includes('Address already in use')) throw error;
    }
  }
}

async function launch(port: number, args: readonly string[]): Promise<ChildProcess> {
  return spawnUntilReady(
    REDIS_SERVER_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    'Ready to accept connections',
  );
}

/**
 * Test-only: spawns `bin` and resolves once its stdout shows `readyText` (its own ready line, no
 * polling); rejects with its output if it exits first. It dies with the test process.
 */
export async function spawnUntilReady(bin: string, args: readonly string[], readyText: string): Promise<ChildProcess> {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // A test process that ends without stopping its server (a crash, say) takes it along.
  const stopWithParent = () => child.kill('SIGKILL');
  process.once('exit', stopWithParent);
  child.once('exit', () => process.off('exit', stopWithParent));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(readyText)) {
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining its log so it never blocks on a full pipe
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${bin} exited (${code}) before it was ready:\n${output}`)));
  });
  return child;
}
