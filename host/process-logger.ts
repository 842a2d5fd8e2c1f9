import type { AccessLogSink } from './access-log.js';
import { BatchedLineWriter, type BatchedLineWriterOptions, type LineSink } from './internal/batched-line-writer.js';
import type { Logger } from './logger.js';

/** The logger of the host process, and how to make sure its lines are out. */
export interface ProcessLogger extends Logger, AccessLogSink {
  /** Resolves once every line logged so far is written (before a normal exit). */
  flush(): Promise<void>;
  /** Hands every queued line to stdout now (in an `exit` handler; synchronous on Linux). */
  flushNow(): void;
}

/**
 * The lines of `catalog-host` (docs/host-process.md): info and the access line of each request
 * on `stdout`, batched ({@link BatchedLineWriter}); warnings and errors on `stderr` at once,
 * prefixed `warning: ` and `error: `, after the lines queued before them.
 */
export function createProcessLogger(
  stdout: LineSink,
  stderr: LineSink,
  batching: BatchedLineWriterOptions = {},
): ProcessLogger {
  const out = new BatchedLineWriter(stdout, batching);
  const now = (prefix: string, message: string) => {
    out.flushNow();
    stderr.write(`${prefix}${message}\n`);
  };
  return {
    info: (message) => out.write(message),
    warn: (message) => now('warning: ', message),
    error: (message) => now('error: ', message),
    writeAccess: (method, target, status, startedAt, endedAt) =>
      out.writeAccess(method, target, status, startedAt, endedAt),
    flush: () => out.flush(),
    flushNow: () => out.flushNow(),
  };
}
