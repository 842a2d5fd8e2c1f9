import { spawn } from 'node:child_process';
import { AuthoringError } from '../authoring-error.js';

/** The environment a child process gets. */
export type ProcessEnv = Readonly<Record<string, string | undefined>>;

/** The most of npm's output kept for an error message (its tail). */
const maxOutputChars = 64 * 1024;

/** npm's arguments for `sync:deps`: the scope read from the staging registry, the metadata asked again. */
export function npmInstallArgs(scope: string, registry: string): string[] {
  // --prefer-online: npm revalidates cached metadata, so a version published a moment ago is found.
  return ['install', `--${scope}:registry=${registry}`, '--prefer-online', '--no-audit', '--no-fund'];
}

/**
 * Runs `npm install` in `dir` with `scope`'s packages read from `registry` (no shell: every
 * argument is passed as it is). npm's output is collected, not printed (the CLI prints through
 * one reporter); a failure is an AuthoringError (`install-failed`) that ends with npm's last lines.
 */
export async function npmInstall(dir: string, scope: string, registry: string, env: ProcessEnv): Promise<string> {
  const args = npmInstallArgs(scope, registry);
  const command = `npm ${args.join(' ')}`;
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-maxOutputChars);
  };
  const code = await new Promise<number | string>((resolve, reject) => {
    const child = spawn('npm', args, { cwd: dir, env: { ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) =>
      reject(
        new AuthoringError('install-failed', `${command} could not start in ${dir}: ${error.message}`, {
          cause: error,
        }),
      ),
    );
    child.once('close', (exitCode, signal) => resolve(exitCode ?? signal ?? 'unknown'));
  });
  if (code !== 0) {
    const tail = output.trimEnd().split('\n').slice(-20).join('\n');
    throw new AuthoringError('install-failed', `${command} failed in ${dir} (exit ${code}):\n${tail}`);
  }
  return command;
}
