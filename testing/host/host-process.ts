import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The built bin (host/dist/main.js, what `catalog-host` and `npm run host` run): `npm test` builds first. */
export const HOST_MAIN_FILE = fileURLToPath(new URL('../../host/dist/main.js', import.meta.url));

/** A real `catalog-host` process started by {@link startHostProcess}. */
export interface HostProcess {
  readonly process: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) once the process exited. */
  readonly exited: Promise<number | null>;
  /** Resolves with `http://127.0.0.1:<port>` once the listening line is printed; rejects if it exits first. */
  readonly listening: Promise<string>;
  /**
   * Resolves once the process exited and its stdout and stderr are read to their end: what it
   * wrote in an `exit` handler is in {@link output} (at `exited` it may not be yet).
   */
  readonly closed: Promise<void>;
  /** Everything the process printed so far. */
  output(): { stdout: string; stderr: string };
}

/**
 * Test-only: starts host/dist/main.js with `env` (and PATH only, so nothing of the test's own
 * environment leaks in), after `nodeArgs` for node itself. `onStart` receives each process, so
 * the caller can kill the ones a failed test leaves behind.
 */
export function startHostProcess(
  env: Record<string, string>,
  onStart?: (child: ChildProcess) => void,
  nodeArgs: readonly string[] = [],
): HostProcess {
  const started = spawn(process.execPath, [...nodeArgs, HOST_MAIN_FILE], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onStart?.(started);
  let stdout = '';
  let stderr = '';
  started.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  started.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = once(started, 'exit').then(([code]) => code as number | null);
  const closed = once(started, 'close').then(() => undefined);
  const listening = new Promise<string>((resolve, reject) => {
    started.stdout.on('data', () => {
      const match = /^host listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`host exited before listening: ${stderr}`)));
  });
  listening.catch(() => {}); // tests of failed starts await `exited` only
  return { process: started, exited, closed, listening, output: () => ({ stdout, stderr }) };
}
