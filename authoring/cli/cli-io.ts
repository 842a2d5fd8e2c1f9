/** Where the CLI writes: anything with `write(text)` (process.stdout, or a buffer in tests). */
export interface TextWriter {
  write(text: string): unknown;
}

/** The CLI's I/O and working folder, passed in so tests run it in-process. */
export interface CliIo {
  readonly stdout: TextWriter;
  readonly stderr: TextWriter;
  readonly cwd: string;
}
