import { runCli } from '@runtime-component-catalog/authoring';

/** One run of the CLI: its exit code and what it printed. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `catalog-schema <args>` in-process in a schema package (the built package, as users run
 * it; `npm run build` builds authoring/dist), with `env` as its whole environment (default empty).
 */
export async function catalogSchema(
  root: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io = {
    cwd: root,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const code = await runCli(args, io, { env });
  return { code, stdout, stderr };
}
