/** Where the CLI writes: anything with `write(text)` (process.stdout, or a buffer in tests). */
export interface TextWriter {
  /** Writes `text` as it is (lines end with `\n`). */
  write(text: string): unknown;
}

/** The CLI's I/O and working folder, passed in so tests run it in-process. */
export interface CliIo {
  /** Results and reports. */
  readonly stdout: TextWriter;
  /** Errors and usage. */
  readonly stderr: TextWriter;
  /** The working folder: the default `--root`, and what relative paths resolve against. */
  readonly cwd: string;
}
