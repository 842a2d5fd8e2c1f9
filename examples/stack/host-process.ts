import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PlaygroundStartError } from './playground-start-error.js';

/** The host's configuration in the playground (the process contract of docs/design.md). */
export interface HostProcessOptions {
  readonly port: number;
  readonly catalogSource: string;
  readonly artifactsOrigin: string;
  readonly esmOrigin: string;
  readonly secret: string;
  /** Each line the host prints. */
  readonly log: (line: string) => void;
}

/** A running host process. */
export interface HostProcess {
  readonly url: string;
  /** Resolves with the exit code when the host exits. */
  readonly exit: Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the host (`npm run host`) as its own process with exactly the playground's
 * configuration (nothing else of the caller's environment but PATH: embedded defaults, on
 * 127.0.0.1), and resolves once it prints its listening line. It stops when this process goes.
 */
export async function startHostProcess(options: HostProcessOptions): Promise<HostProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./host-child.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        CATALOG_SOURCE: options.catalogSource,
        ARTIFACTS_ORIGIN: options.artifactsOrigin,
        ESM_ORIGIN: options.esmOrigin,
        REVALIDATION_SECRET: options.secret,
        // The editor compiles at the first insert: start the compiler with the host (docs/host-compiler.md).
        REMOTE_COMPILER: 'eager',
        // Nothing load-balances the playground's host: stop at once (docs/host-process.md "Readiness and drain").
        SHUTDOWN_DRAIN_MS: '0',
      },
    },
  );
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    errors.push(line);
    options.log(line);
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      options.log(line);
      const listening = /^host listening on (http:\/\/\S+)$/.exec(line);
      if (listening) resolve(listening[1]!);
    });
    void exit.then((code) => {
      const reason = errors.find((line) => line.startsWith('error:')) ?? `exit code ${code}`;
      reject(
        /in use/i.test(reason)
          ? new PlaygroundStartError(
              'port-in-use',
              `port ${options.port} is in use (the host); set PORT to another port, or 0 for any`,
            )
          : new PlaygroundStartError('start-failed', `the host did not start: ${reason}`),
      );
    });
  });
  return {
    url,
    exit,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exit;
    },
  };
}
