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
  /** Resolves with `http://127.0.0.1:<port>` once the listening line is printed (text or JSON); rejects if it exits first. */
  readonly listening: Promise<string>;
  /**
   * Resolves once the process exited and its stdout and stderr are read to their end: what it
   * wrote in an `exit` handler is in {@link output} (at `exited` it may not be yet).
   */
  readonly closed: Promise<void>;
  /**
   * Resolves with the first whole line of stdout that matches `pattern`, printed already or
   * later (info lines reach stdout within 100 ms); rejects if the process ends without it.
   */
  printed(pattern: RegExp): Promise<string>;
  /** Everything the process printed so far. */
  output(): { stdout: string; stderr: string };
}

/**
 * Test-only: starts host/dist/main.js (or `mainFile`, a copy of it) with `env` (and PATH only, so
 * nothing of the test's own environment leaks in), after `nodeArgs` for node itself. `onStart` receives each process, so
 * the caller can kill the ones a failed test leaves behind. `SHUTDOWN_DRAIN_MS` is 0 unless `env`
 * sets it (empty: the process's default), so that a test stops its hosts at once unless the
 * drain is what it tests.
 */
export function startHostProcess(
  env: Record<string, string>,
  onStart?: (child: ChildProcess) => void,
  nodeArgs: readonly string[] = [],
  mainFile = HOST_MAIN_FILE,
): HostProcess {
  const started = spawn(process.execPath, [...nodeArgs, mainFile], {
    env: { PATH: process.env.PATH ?? '', SHUTDOWN_DRAIN_MS: '0', ...env },
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
      // The text line, or LOG_FORMAT=json's object with it as `msg` (after its fields).
      const match =
        /^(?:host listening on |\{"level":30,"time":\d+,.*"msg":"host listening on )(http:\/\/127\.0\.0\.1:\d+)(?:"\})?$/m.exec(
          stdout,
        );
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`host exited before listening: ${stderr}`)));
  });
  listening.catch(() => {}); // tests of failed starts await `exited` only
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const line = stdout
          .split('\n')
          .slice(0, -1)
          .find((candidate) => pattern.test(candidate));
        if (line === undefined) return;
        started.stdout.off('data', look);
        resolve(line);
      };
      started.stdout.on('data', look);
      look();
      // At `closed` every byte it wrote has been read: the line did not come.
      void closed.then(() => reject(new Error(`host exited without printing ${pattern}: ${stdout}${stderr}`)));
    });
  return { process: started, exited, closed, listening, printed, output: () => ({ stdout, stderr }) };
}
