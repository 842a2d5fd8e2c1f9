import { type PublishEvent, type PublishStep, runCli } from '@runtime-component-catalog/authoring';
import { type PublishStores, publishEnv } from '../stack/publish-schema-package.js';
import { type CatalogSchemaErrorCode, RepublishStepsError } from './republish-error.js';

/** What a `catalog-schema` run that exited 0 printed. */
export interface CatalogSchemaRun {
  /** Its lines before the summary, one step each. */
  readonly steps: readonly PublishEvent[];
  /** Its last line. */
  readonly summary: string;
}

/** The reporter's one error line (authoring/cli/report.ts): `catalog-schema <command>: <code>: <message>`. */
const ERROR_LINE = /^catalog-schema [^:\s]+: ([a-z][a-z-]*): ([\s\S]*?)\n?$/;
/** The steps whose lines start with their own name (`upload: …`, `artifact data.json: …`). */
const NAMED_STEPS: ReadonlySet<string> = new Set<PublishStep>([
  'module',
  'artifact',
  'catalog',
  'upload',
  'verify',
  'revalidate',
]);

/**
 * Runs `catalog-schema <args>` in this process (`runCli` of @runtime-component-catalog/authoring,
 * as the start's publish does) on the schema package at `cwd`, with exactly the settings of
 * `stores` and text output: the lines it prints as it goes are the steps the API answers with.
 * Exit 0 gives them and the summary. Otherwise a RepublishStepsError with the steps printed so
 * far and the CLI's own code and message (`unknown-version`, `bump-too-small`, …), or
 * `invalid-package` with the diagnostics when validation stopped it (they carry no code).
 */
export async function runCatalogSchema(
  args: readonly string[],
  cwd: string,
  stores: PublishStores,
): Promise<CatalogSchemaRun> {
  let stdout = '';
  let stderr = '';
  const io = {
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const code = await runCli(args, io, { env: publishEnv(stores) });
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (code === 0) return { steps: lines.slice(0, -1).map(stepOf), summary: lines.at(-1) ?? '' };
  const reported = ERROR_LINE.exec(stderr);
  if (reported !== null) {
    throw new RepublishStepsError(reported[1] as CatalogSchemaErrorCode, reported[2]!, lines.map(stepOf));
  }
  if (code === 1 && stderr === '') throw new RepublishStepsError('invalid-package', lines.join('\n'), []);
  const output = `${stdout}${stderr}`.trim();
  throw new RepublishStepsError('internal', `catalog-schema ${args[0]} exited ${code}: ${output}`, []);
}

/**
 * A printed line as a step: one of the publishing tool's steps when the line starts with its name,
 * `done` for "up to date", else `publish` (migrations, record, the rollback's first line).
 */
function stepOf(text: string): PublishEvent {
  const name = /^[a-z]+/.exec(text)?.[0] ?? '';
  const step: PublishStep = NAMED_STEPS.has(name)
    ? (name as PublishStep)
    : text.startsWith('up to date')
      ? 'done'
      : 'publish';
  return { step, text };
}
