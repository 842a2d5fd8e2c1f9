import { fork } from 'node:child_process';
import type { BootReport, BootRequest } from './boot-report.js';
import { childEnv, writeChild } from './child-bundle.js';
import type { StrapiAppDir } from './strapi-app-dir.js';

/** What one boot gave: the child's report, Strapi's log (its tail), and the wall time. */
export interface BootResult {
  readonly report: BootReport;
  /** The last 20,000 characters the child printed (Strapi's log, tsc's diagnostics). */
  readonly output: string;
  readonly ms: number;
}

const outputLimit = 20_000;

/**
 * Boots the app in a child process (Strapi calls process.exit on some errors) and resolves with
 * its report: the child's own message, or a failure when it exits without one or outlives
 * `timeoutMs` (then it is killed).
 */
export async function bootStrapi(app: StrapiAppDir, timeoutMs: number): Promise<BootResult> {
  const started = performance.now();
  const request: BootRequest = { appDir: app.appDir, language: app.language };
  const child = fork(await writeChild(app.appDir), [JSON.stringify(request)], {
    cwd: app.appDir,
    env: childEnv(),
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const killWithParent = () => child.kill('SIGKILL');
  process.once('exit', killWithParent);
  const report = await new Promise<BootReport>((resolve) => {
    let received: BootReport | undefined;
    const timer = setTimeout(() => {
      resolve({ ok: false, stage: 'timeout', error: `Strapi did not report within ${timeoutMs} ms` });
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, stage: 'exit', error: `the Strapi process could not run: ${error.message}` });
    });
    child.on('message', (message) => {
      received ??= message as BootReport;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('exit', killWithParent);
      resolve(
        received ?? {
          ok: false,
          stage: 'exit',
          error: `the Strapi process exited (${signal ?? `code ${code}`}) without a report:\n${output.slice(-4000)}`,
        },
      );
    });
  });
  return { report, output, ms: Math.round(performance.now() - started) };
}
