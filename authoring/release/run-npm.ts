import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessEnv } from '../sync/npm-install.js';

/** The variable the temporary user config reads the token from: npm expands `${…}` in its config files. */
const tokenVariable = 'CATALOG_NPM_TOKEN';

/** The most of npm's output kept for an error message (its tail). */
const maxOutputChars = 64 * 1024;

/** A registry npm talks to, and the token that publishes there. */
export interface NpmRegistry {
  readonly url: string;
  readonly token: string | undefined;
}

/** How one npm run went: its exit code (or signal) and its output, the token replaced by `***`. */
export interface NpmOutcome {
  readonly command: string;
  readonly code: number | string;
  /** stdout alone (`--json` answers there). */
  readonly stdout: string;
  /** stdout and stderr as they came. */
  readonly output: string;
}

/**
 * The environment npm runs with: the caller's, without any `npm_config_*` variable but the cache
 * (`npm run` exports its whole config that way, registries and scoped registries included, and
 * Changesets' registry trap is exactly such a variable), plus a user config and a global config
 * of our own.
 */
function npmEnv(env: ProcessEnv, dir: string, token: string | undefined): Record<string, string | undefined> {
  const clean: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_config_/i.test(key) && key.toLowerCase() !== 'npm_config_cache') continue;
    clean[key] = value;
  }
  return {
    ...clean,
    npm_config_userconfig: join(dir, 'npmrc'),
    npm_config_globalconfig: join(dir, 'global-npmrc'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    [tokenVariable]: token,
  };
}

/**
 * Runs `npm <args>` in the scratch folder `dir` (no shell: each argument is passed as it is), with
 * a configuration of its own, never ~/.npmrc: `<dir>/npmrc` names the registry and, when there is
 * a token, `//<registry>/:_authToken=${CATALOG_NPM_TOKEN}`, so the token is in npm's environment
 * only, never in a file or on a command line. npm's output is collected, not printed.
 */
export async function runNpm(
  args: readonly string[],
  dir: string,
  registry: NpmRegistry,
  env: ProcessEnv,
): Promise<NpmOutcome> {
  // npm matches a token to a registry by the URL without its protocol ("nerf dart").
  const auth =
    registry.token === undefined ? '' : `${registry.url.replace(/^https?:/, '')}:_authToken=\${${tokenVariable}}\n`;
  await writeFile(join(dir, 'npmrc'), `registry=${registry.url}\n${auth}`, { mode: 0o600 });
  await writeFile(join(dir, 'global-npmrc'), '');
  let output = '';
  let stdout = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-maxOutputChars);
  };
  const command = `npm ${args.join(' ')}`;
  const code = await new Promise<number | string>((resolve) => {
    const child = spawn('npm', [...args], {
      cwd: dir,
      env: npmEnv(env, dir, registry.token),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-maxOutputChars);
      collect(chunk);
    });
    child.stderr.on('data', collect);
    child.once('error', (error) => {
      output += `\n${error.message}`;
      resolve('not started');
    });
    child.once('close', (exitCode, signal) => resolve(exitCode ?? signal ?? 'unknown'));
  });
  const redact = (text: string) => (registry.token === undefined ? text : text.split(registry.token).join('***'));
  return { command, code, stdout: redact(stdout), output: redact(output) };
}

/** What npm said went wrong, for an error message: its `npm error` lines, else the last lines of its output. */
export function outputTail(outcome: NpmOutcome, lines = 20): string {
  const all = outcome.output.trimEnd().split('\n');
  const errors = all.filter((line) => line.startsWith('npm error'));
  return (errors.length > 0 ? errors : all).slice(-lines).join('\n');
}
