import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PlaygroundStartError } from './playground-start-error.js';

/** A running build of contracts/. */
export interface ContractsBuild {
  /** Resolves once contracts/dist is current; `start-failed` when tsc fails. */
  readonly done: Promise<void>;
  /** Stops the build (the playground is stopping). */
  kill(): void;
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const project = fileURLToPath(new URL('../../contracts/tsconfig.build.json', import.meta.url));

/**
 * Builds contracts/ (the package's own tsconfig.build.json) into contracts/dist, which every part
 * of the stack imports by package name. `tsc -b` skips a build that is up to date (its
 * tsbuildinfo), so a start writes nothing when contracts/ did not change. The compiler's
 * diagnostics go to this process's stderr.
 */
export function buildContracts(): ContractsBuild {
  const child = spawn(process.execPath, [tsc, '-b', project], { stdio: ['ignore', 'inherit', 'inherit'] });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new PlaygroundStartError('start-failed', `could not build contracts/: ${error.message}`)),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new PlaygroundStartError(
            'start-failed',
            `building contracts/ failed (tsc: ${signal ?? `exit code ${code}`})`,
          ),
        );
    });
  });
  return { done, kill: () => child.kill('SIGTERM') };
}
