import { BatchedLineWriter, type LineSink } from './internal/batched-line-writer.js';
import type { Logger } from './logger.js';

/** The logger of the host process, and how to make sure its lines are out. */
export interface ProcessLogger extends Logger {
  /** Resolves once every line logged so far is written (before a normal exit). */
  flush(): Promise<void>;
  /** Hands every queued line to stdout now (in an `exit` handler; synchronous on Linux). */
  flushNow(): void;
}

/**
 * The lines of `catalog-host` (docs/host-process.md): info (the access line of each request
 * among them) on `stdout`, batched (one write per 10 ms at most); warnings and errors on `stderr`
 * at once, prefixed `warning: ` and `error: `, after the info lines queued before them.
 */
export function createProcessLogger(stdout: LineSink, stderr: LineSink): ProcessLogger {
  const out = new BatchedLineWriter(stdout);
  const now = (prefix: string, message: string) => {
    out.flushNow();
    stderr.write(`${prefix}${message}\n`);
  };
  return {
    info: (message) => out.write(message),
    warn: (message) => now('warning: ', message),
    error: (message) => now('error: ', message),
    flush: () => out.flush(),
    flushNow: () => out.flushNow(),
  };
}
