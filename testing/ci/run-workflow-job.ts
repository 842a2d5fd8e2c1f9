import { spawn } from 'node:child_process';
import { delimiter, sep } from 'node:path';
import type { Workflow } from './read-workflow.js';
import { isolatedGitEnv } from './schema-package-repository.js';
import { type ExpressionValues, expressionsIn, mappingOf, onlyJob, resolveEnv, resolveValue } from './workflow-job.js';

/** What one `run:` step did. */
export interface StepRun {
  readonly name: string;
  /** The shell's exit code; null when it was killed over its budget. */
  readonly code: number | null;
  /** stdout and stderr, interleaved as written. */
  readonly output: string;
}

/** What a job run did: the steps skipped as GitHub-only, then the steps run, up to the first failure. */
export interface JobRun {
  readonly skipped: readonly string[];
  readonly steps: readonly StepRun[];
}

/** How a job is run outside GitHub. */
export interface JobRunOptions {
  /** The checkout: every step runs here. */
  readonly cwd: string;
  /** The environment the runner itself gives every step (PATH, HOME, GITHUB_REF, …). */
  readonly runnerEnv: Readonly<Record<string, string>>;
  /** What the workflow's `${{ secrets.X }}`, `${{ vars.X }}` and `${{ inputs.X }}` stand for. */
  readonly values: ExpressionValues;
  /** The names of the steps that only make sense on GitHub; each must be in the workflow. */
  readonly githubOnly: readonly string[];
  /** How long one step may take before it is killed. */
  readonly stepBudgetMs: number;
}

/** The keys a step may have for the tests to run it as GitHub would. */
const RUN_STEP_KEYS = new Set(['name', 'run', 'env']);

function runScript(script: string, cwd: string, env: Record<string, string>, budgetMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    // `shell: sh` on GitHub runs `sh -e <file>`: the same shell and flag.
    const child = spawn('sh', ['-e', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // The whole process group: sh, npx and the CLI below it.
    const budget = setTimeout(() => process.kill(-(child.pid ?? 0), 'SIGKILL'), budgetMs);
    child.once('error', (error) => {
      clearTimeout(budget);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(budget);
      resolve({ code, output: code === null ? `${output}\n(killed after ${budgetMs} ms)` : output });
    });
  });
}

/**
 * Runs the `run:` steps of a workflow's one job in order, each with `sh -e -c` in `cwd`, with the
 * environment GitHub would give it: the runner's, then the workflow's, the job's and the step's
 * `env:`, each value resolved from `values`. Stops at the first step that fails, as GitHub does.
 * Refuses what it could not run as GitHub would: another default shell, a step key other than
 * name/run/env, a script or expression it cannot resolve, an action not listed as GitHub-only.
 */
export async function runWorkflowJob(workflow: Workflow, options: JobRunOptions): Promise<JobRun> {
  const job = onlyJob(workflow);
  const shell = mappingOf(mappingOf(workflow.tree.defaults, 'defaults').run, 'defaults.run').shell;
  if (shell !== 'sh') throw new Error(`${workflow.file}: defaults.run.shell is not sh; the test runs sh`);
  const names = job.steps.map((step) => step.name);
  const unknown = options.githubOnly.filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`${workflow.file}: no step ${unknown.join(', ')}`);
  // Expressions anywhere, the skipped steps' `with:` included, must be ones the test can resolve.
  for (const { path, expression } of expressionsIn(workflow.tree)) resolveValue(expression, options.values, path);
  const env = {
    ...resolveEnv(mappingOf(workflow.tree.env, 'env'), options.values, 'env'),
    ...resolveEnv(job.env, options.values, `jobs.${job.id}.env`),
  };
  const skipped: string[] = [];
  const steps: StepRun[] = [];
  for (const step of job.steps) {
    if (options.githubOnly.includes(step.name)) {
      skipped.push(step.name);
      continue;
    }
    const extra = Object.keys(step.raw).filter((key) => !RUN_STEP_KEYS.has(key));
    if (extra.length > 0 || typeof step.run !== 'string')
      throw new Error(`${workflow.file}: step "${step.name}" is not a plain run step (${extra.join(', ') || 'run'})`);
    const stepEnv = resolveEnv(step.env, options.values, `step ${step.name}`);
    const result = await runScript(
      step.run,
      options.cwd,
      { ...options.runnerEnv, ...env, ...stepEnv },
      options.stepBudgetMs,
    );
    steps.push({ name: step.name, ...result });
    if (result.code !== 0) break;
  }
  return { skipped, steps };
}

/**
 * What GitHub's runner gives every step, here: PATH without any node_modules/.bin (the
 * checkout's own is the only catalog-schema), HOME, CI, GITHUB_REF of a push to main, git without
 * the machine's configuration, npm without its update check; then `extra`.
 */
export function runnerEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const path = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.includes(`node_modules${sep}.bin`));
  return {
    PATH: path.join(delimiter),
    HOME: process.env.HOME ?? '/root',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_REF: 'refs/heads/main',
    ...isolatedGitEnv,
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/** Each step's name and exit code, and every step's output as one log (for a failure message). */
export function stepCodes(run: JobRun): { codes: [string, number | null][]; log: string } {
  return {
    codes: run.steps.map((step) => [step.name, step.code]),
    log: run.steps.map((step) => `--- ${step.name} (exit ${step.code})\n${step.output}`).join('\n'),
  };
}

/** What the step `name` printed ('' when it did not run). */
export function stepOutput(run: JobRun, name: string): string {
  return run.steps.find((step) => step.name === name)?.output ?? '';
}
