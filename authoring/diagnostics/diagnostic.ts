import type { DiagnosticCode } from './diagnostic-code.js';

/**
 * One failure, located in a file of the schema package: `path` is relative to the package root
 * (forward slashes), `line` and `column` are 1-based.
 */
export interface Diagnostic {
  /** The file, relative to the schema package root, with forward slashes. */
  readonly path: string;
  /** The 1-based line. */
  readonly line: number;
  /** The 1-based column. */
  readonly column: number;
  /** The stable code of the failure. */
  readonly code: DiagnosticCode;
  /** What is wrong, for people. */
  readonly message: string;
}

/** `path:line:column code message`, the one text form of a diagnostic (spec 4.4: per file). */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.path}:${diagnostic.line}:${diagnostic.column} ${diagnostic.code} ${diagnostic.message}`;
}

/** Orders diagnostics by file, then position, then code, so output is stable run to run. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}
