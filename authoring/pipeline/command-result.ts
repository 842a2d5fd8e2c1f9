import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** What a command reports: success, its failures, a one-line summary and the files it wrote. */
export interface CommandResult {
  /** The command succeeded (exit 0); tell results apart by this only. */
  readonly ok: boolean;
  /** Every failure, located in a file, sorted. */
  readonly diagnostics: readonly Diagnostic[];
  /** The last line printed (`validate: 2 problems in 1 file`). */
  readonly summary: string;
  /** Folders or files written, relative to the schema package root. */
  readonly written: readonly string[];
  /** Lines printed before the diagnostics in text (build: the client decision of each variant). */
  readonly notes?: readonly string[];
  /** Keys added to the JSON object after the stable ones (build: `variants`). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** A failed result listing `diagnostics`. */
export function failed(diagnostics: readonly Diagnostic[], what: string): CommandResult {
  const files = new Set(diagnostics.map((diagnostic) => diagnostic.path)).size;
  const problems = diagnostics.length === 1 ? '1 problem' : `${diagnostics.length} problems`;
  return {
    ok: false,
    diagnostics,
    summary: `${what}: ${problems} in ${files === 1 ? '1 file' : `${files} files`}`,
    written: [],
  };
}
