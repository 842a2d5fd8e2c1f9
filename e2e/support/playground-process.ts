import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { anyPortEnvironment } from '../../examples/playground-stack.js';

/** A playground started as a newcomer starts it: its editor URL, everything it printed, its state folder. */
export interface PlaygroundProcess {
  readonly url: string;
  readonly output: string;
  readonly stateDir: string;
  stop(): Promise<void>;
}

/** Options of {@link startPlaygroundProcess}. */
export interface PlaygroundProcessOptions {
  /** Variables added to the environment, as a user sets them before the command (`PLAYGROUND_PAGE_STORE=http`). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * `npm start` (or `npm run start:strapi`) itself, every port free-picked and the working copy in a
 * temporary folder: resolves once it prints `editor ready at <url>`.
 */
export async function startPlaygroundProcess(
  script: 'start' | 'start:strapi' = 'start',
  options: PlaygroundProcessOptions = {},
): Promise<PlaygroundProcess> {
  const stateDir = await mkdtemp(join(tmpdir(), 'e2e-playground-'));
  const child = spawn('npm', ['run', script, '--silent'], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: { ...process.env, ...options.env, ...anyPortEnvironment(stateDir) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /editor ready at (http:\/\/\S+)/.exec(output);
      if (ready) resolve(ready[1]!.replace(/\/$/, ''));
    });
    void exited.then((code) =>
      reject(new Error(`npm run ${script} exited with ${code} before it was ready:\n${output}`)),
    );
  });
  return {
    url,
    output,
    stateDir,
    async stop() {
      process.kill(-child.pid!, 'SIGINT');
      await exited;
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
