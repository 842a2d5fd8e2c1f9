import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import type { CommandResult } from '../pipeline/command-result.js';
import type { CliIo } from './cli-io.js';

/** The output format chosen by `--format`. */
export type OutputFormat = 'text' | 'json';

/**
 * The one reporter: text prints one `path:line:column code message` line per diagnostic, then the
 * summary; json prints one object `{command, ok, summary, diagnostics, written}` (stable keys).
 * Both go to stdout, so CI can capture them; in text, errors that stop a command go to stderr; with
 * json, everything (usage errors included) is one object on stdout.
 */
export function reportResult(io: CliIo, format: OutputFormat, command: string, result: CommandResult): void {
  if (format === 'json') {
    const { ok, summary, diagnostics, written, extra } = result;
    io.stdout.write(`${JSON.stringify({ command, ok, summary, diagnostics, written, ...extra }, null, 2)}\n`);
    return;
  }
  for (const note of result.notes ?? []) io.stdout.write(`${note}\n`);
  for (const diagnostic of result.diagnostics) io.stdout.write(`${formatDiagnostic(diagnostic)}\n`);
  io.stdout.write(`${result.summary}\n`);
}

/** Reports an error that stopped a command (its code and message). */
export function reportError(io: CliIo, format: OutputFormat, command: string, code: string, message: string): void {
  if (format === 'json') {
    io.stdout.write(
      `${JSON.stringify({ command, ok: false, error: { code, message }, diagnostics: [], written: [] }, null, 2)}\n`,
    );
    return;
  }
  io.stderr.write(`catalog-schema ${command}: ${code}: ${message}\n`);
}
