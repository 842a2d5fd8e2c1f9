import type { AccessLogSink } from './access-log.js';
import type { LogFormat } from './host-config.js';
import { BatchedLineWriter, type BatchedLineWriterOptions, type LineSink } from './internal/batched-line-writer.js';
import type { Logger } from './logger.js';

/** pino's numeric levels (what pino-pretty and pino's tooling read from `level`). */
const PINO_LEVELS = { info: 30, warn: 40, error: 50 } as const;

/** The logger of the host process, and how to make sure its lines are out. */
export interface ProcessLogger extends Logger, AccessLogSink {
  /** Resolves once every line logged so far is written (before a normal exit). */
  flush(): Promise<void>;
  /** Hands every queued line to stdout now (in an `exit` handler; synchronous on Linux). */
  flushNow(): void;
}

/**
 * The lines of `catalog-host` (docs/host-process.md), every one of the process through this one
 * logger. `text`: info and the access line of each request on `stdout`, batched
 * ({@link BatchedLineWriter}); warnings and errors on `stderr` at once, prefixed `warning: ` and
 * `error: `, after the lines queued before them. `json`: every line on `stdout`, one JSON object
 * a line as pino writes it (`level` 30, 40 or 50, `time` in epoch ms, `msg`; the access lines
 * with `method`, `path`, `status`, `ms`, `requestId`), so that one stream in order is the whole
 * log (`catalog-host | pino-pretty`); warnings and errors are still written at once.
 */
export function createProcessLogger(
  stdout: LineSink,
  stderr: LineSink,
  batching: BatchedLineWriterOptions = {},
  format: LogFormat = 'text',
): ProcessLogger {
  const out = new BatchedLineWriter(stdout, { ...batching, accessFormat: format });
  const wallClock = batching.wallClock ?? Date.now;
  const writeAccess: AccessLogSink['writeAccess'] = (method, target, status, startedAt, endedAt, requestId) =>
    out.writeAccess(method, target, status, startedAt, endedAt, requestId);
  const flush = () => out.flush();
  const flushNow = () => out.flushNow();
  if (format === 'json') {
    const line = (level: number, message: string) =>
      `{"level":${level},"time":${wallClock()},"msg":${JSON.stringify(message)}}`;
    return {
      info: (message) => out.write(line(PINO_LEVELS.info, message)),
      warn: (message) => {
        out.write(line(PINO_LEVELS.warn, message));
        out.flushNow();
      },
      error: (message) => {
        out.write(line(PINO_LEVELS.error, message));
        out.flushNow();
      },
      writeAccess,
      flush,
      flushNow,
    };
  }
  const now = (prefix: string, message: string) => {
    out.flushNow();
    stderr.write(`${prefix}${message}\n`);
  };
  return {
    info: (message) => out.write(message),
    warn: (message) => now('warning: ', message),
    error: (message) => now('error: ', message),
    writeAccess,
    flush,
    flushNow,
  };
}
