import type { OutputFileSystem } from '../write/output-file-system.js';
import type { CliIo } from './cli-io.js';
import type { OutputFormat } from './report.js';

/** One run of the CLI as its commands see it: the I/O, the environment, and what the run decided so far. */
export interface CliRun {
  readonly io: CliIo;
  /** The environment, read at the boundary (runCli) and passed down. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fs: OutputFileSystem;
  /** The `--format` of the command that runs (text until its options are parsed). */
  format: OutputFormat;
  /** The exit code of a command that reported its result (0 ok, 1 failed). */
  exitCode: number;
}

/** The variant operands of a command (`<variant...>`), empty when none were given. */
export function variantOperands(flags: Record<string, unknown>): string[] {
  return ((flags.operands as unknown[])[0] as string[] | undefined) ?? [];
}

/** A progress line, printed in text and left out of JSON (where stdout is one object). */
export function progressLine(run: CliRun): (line: string) => void {
  return (line) => {
    if (run.format === 'text') run.io.stdout.write(`${line}\n`);
  };
}
