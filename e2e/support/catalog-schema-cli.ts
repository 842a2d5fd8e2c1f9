import { spawn } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The example schema package of the repository. */
const examplePackage = fileURLToPath(new URL('../../examples/schema-package/', import.meta.url));

/** The CLI as a publisher's `npx catalog-schema` runs it: the package's bin, over authoring/dist. */
const cliBin = fileURLToPath(new URL('../../authoring/bin/catalog-schema.js', import.meta.url));

/** What the example's scripts write at its root (its .gitignore) and its test fixtures: never copied. */
const OUTPUTS = new Set(['cms', 'generated', '.catalog-schema', 'golden', 'node_modules']);
/** What `build` and an install write inside a variant package (`packages/ui-<variant>/dist/`): never copied. */
const PACKAGE_OUTPUTS = new Set(['dist', 'node_modules']);

/** Whether `path` (relative to the example) is one of its outputs. */
function isOutput(path: string): boolean {
  const [top, variant, inner] = path.split(sep);
  if (OUTPUTS.has(top!)) return true;
  return top === 'packages' && variant !== undefined && inner !== undefined && PACKAGE_OUTPUTS.has(inner);
}

/** The part of a command's `--format json` report the tests read (build adds `variants`, scaffold `variant`). */
export interface CliReport {
  readonly command: string;
  readonly ok: boolean;
  readonly summary: string;
  readonly written: readonly string[];
  readonly variant?: string;
  readonly package?: string;
  readonly variants?: readonly { variant: string; package: string; version: string; client: boolean }[];
  /** release and promote: each package version and what happened to it. */
  readonly packages?: readonly { name: string; version: string; status: string; integrity: string | null }[];
}

/** One run of the CLI: its exit code, its report (when stdout is one) and everything it printed. */
export interface CliRun {
  readonly code: number | null;
  readonly report: CliReport | undefined;
  readonly stdout: string;
  /** The command, its exit code and everything it printed (for failure messages). */
  readonly output: string;
}

/**
 * A copy of examples/schema-package (sources, config and variant packages, none of its outputs)
 * in a new temporary folder: a test never writes into the repository's package.
 */
export async function copyExampleSchemaPackage(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'e2e-schema-package-'));
  await cp(examplePackage, root, { recursive: true, filter: (source) => !isOutput(relative(examplePackage, source)) });
  return root;
}

/**
 * Runs `catalog-schema <args> --format json` as a child process in the schema package `root`, with
 * `env` added to this process's environment. `format: 'text'` runs it as a publisher reads it (one
 * line per step: `report` is then undefined).
 */
export async function runCatalogSchema(
  root: string,
  args: readonly string[],
  options: { readonly env?: Readonly<Record<string, string>>; readonly format?: 'json' | 'text' } = {},
): Promise<CliRun> {
  const format = options.format === 'text' ? [] : ['--format', 'json'];
  const child = spawn(process.execPath, [cliBin, ...args, ...format], {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  let report: CliReport | undefined;
  try {
    report = format.length > 0 ? (JSON.parse(stdout) as CliReport) : undefined;
  } catch {
    report = undefined;
  }
  return { code, report, stdout, output: `catalog-schema ${args.join(' ')} exited ${code}\n${stdout}${stderr}` };
}
