import { fileURLToPath } from 'node:url';
import { Expression, type Workflow, type WorkflowMapping, type WorkflowValue } from './read-workflow.js';

/** The workflows a new schema package gets from `catalog-schema init`. */
export const templateWorkflowsDir = fileURLToPath(
  new URL('../../authoring/templates/schema-package/.github/workflows/', import.meta.url),
);

/** One step of a job: an action (`uses`) or a script (`run`), with its own `env`. */
export interface WorkflowStep {
  readonly name: string;
  readonly uses: string | undefined;
  readonly with: WorkflowMapping;
  readonly run: WorkflowValue | undefined;
  readonly env: WorkflowMapping;
  /** The step as written. */
  readonly raw: WorkflowMapping;
}

/** The one job of a workflow. */
export interface WorkflowJob {
  readonly id: string;
  readonly env: WorkflowMapping;
  readonly steps: readonly WorkflowStep[];
  /** The job as written. */
  readonly raw: WorkflowMapping;
}

/** What `${{ secrets.X }}`, `${{ vars.X }}` and `${{ inputs.X }}` stand for in one run. */
export interface ExpressionValues {
  readonly secrets: Readonly<Record<string, string>>;
  readonly vars: Readonly<Record<string, string>>;
  readonly inputs: Readonly<Record<string, string>>;
}

/** The only expressions the tests can run: one secret, variable or input, nothing computed. */
const REFERENCE = /^(secrets|vars|inputs)\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** A mapping of the workflow (a missing key is an empty one). */
export function mappingOf(value: WorkflowValue | undefined, what: string): WorkflowMapping {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Expression)
    throw new Error(`${what} is not a mapping`);
  return value;
}

/** Every expression below `value`, with its path (`jobs.release.steps.4.env.X`). */
export function expressionsIn(value: WorkflowValue, path = ''): { path: string; expression: Expression }[] {
  if (value instanceof Expression) return [{ path, expression: value }];
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => expressionsIn(item, path === '' ? key : `${path}.${key}`));
}

/** The workflow's one job, its steps read as written. */
export function onlyJob(workflow: Workflow): WorkflowJob {
  const jobs = Object.entries(mappingOf(workflow.tree.jobs, `${workflow.file}: jobs`));
  if (jobs.length !== 1) throw new Error(`${workflow.file}: ${jobs.length} jobs; the tests read workflows of one job`);
  const [id, value] = jobs[0]!;
  const raw = mappingOf(value, `${workflow.file}: jobs.${id}`);
  const steps = raw.steps;
  if (!Array.isArray(steps)) throw new Error(`${workflow.file}: jobs.${id}.steps is not a list`);
  return {
    id,
    env: mappingOf(raw.env, `jobs.${id}.env`),
    raw,
    steps: steps.map((item, index) => {
      const step = mappingOf(item, `jobs.${id}.steps.${index}`);
      if (typeof step.name !== 'string') throw new Error(`${workflow.file}: step ${index} has no name`);
      return {
        name: step.name,
        uses: typeof step.uses === 'string' ? step.uses : undefined,
        with: mappingOf(step.with, `step ${step.name}: with`),
        run: step.run,
        env: mappingOf(step.env, `step ${step.name}: env`),
        raw: step,
      };
    }),
  };
}

/** A value of an `env:` mapping as the runner sets it: a literal, or the one secret, variable or input it names. */
export function resolveValue(value: WorkflowValue, values: ExpressionValues, where: string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!(value instanceof Expression)) throw new Error(`${where}: not a scalar`);
  const reference = REFERENCE.exec(value.text);
  const resolved = reference === null ? undefined : values[reference[1] as keyof ExpressionValues][reference[2]!];
  if (resolved === undefined) throw new Error(`${where}: the test has no value for \${{ ${value.text} }}`);
  return resolved;
}

/** An `env:` mapping resolved: every value a string. */
export function resolveEnv(env: WorkflowMapping, values: ExpressionValues, where: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, resolveValue(value, values, `${where}.${name}`)]),
  );
}
