import { CommanderError } from 'commander';
import { AuthoringError } from '../authoring-error.js';
import type { CliIo } from './cli-io.js';
import { type OutputFormat, reportError } from './report.js';

/** How a run that threw is reported, and the format it is reported in. */
export interface FailedRun {
  readonly io: CliIo;
  /** The command named on the command line, or '' (a usage error before one). */
  readonly command: string;
  /** `--format json` was on the command line (known before parsing). */
  readonly jsonRequested: boolean;
  /** The format of the command that ran, once its options were parsed. */
  readonly format: OutputFormat;
  /** Commander's own usage message, held back when JSON was asked for. */
  readonly usageMessage: string;
}

/**
 * Reports what stopped a run and gives its exit code (README "Exit codes"): a usage error
 * commander finds is 2 (in JSON reported as `usage`); an AuthoringError its own exit code (2 when
 * the command line is at fault, else 1); anything else is `internal`, 1.
 */
export function exitCodeOf(error: unknown, run: FailedRun): number {
  const { io, command, jsonRequested } = run;
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return 0;
    if (jsonRequested) reportError(io, 'json', command, 'usage', (run.usageMessage || error.message).trim());
    return 2;
  }
  const format = jsonRequested ? 'json' : run.format;
  if (error instanceof AuthoringError) {
    reportError(io, format, command, error.code, error.message);
    return error.exitCode;
  }
  reportError(io, format, command, 'internal', error instanceof Error ? (error.stack ?? error.message) : String(error));
  return 1;
}
