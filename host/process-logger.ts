import { performance } from 'node:perf_hooks';
import { accessLine, jsonAccessLine } from './access-log.js';
import type { AnswerObserver } from './answer-observer.js';
import type { LogFormat } from './host-config.js';
import { type LogFields, type Logger, messageOf } from './logger.js';

/** Where the process's stdout lines go: a `BatchedLineWriter` on `process.stdout`, or a test's recorder. */
export interface LineDestination {
  /** Queues one line (its newline included). */
  write(line: string): unknown;
  /** Hands every queued line to the stream now (synchronous on Linux: an `exit` handler may call it). */
  flushSync(): void;
  /** Resolves once every queued line is written. */
  flush(): Promise<void>;
}

/** What {@link createProcessLogger} writes to. */
export interface ProcessLoggerOptions {
  /** Default `text`. */
  readonly format?: LogFormat;
  /** Every line in `json`; info and access lines in `text`. */
  readonly stdout: LineDestination;
  /** Warnings and errors in `text`, each written at once. */
  readonly stderr: { write(text: string): unknown };
  /** The wall clock of the JSON lines, in epoch ms (default `Date.now`). */
  readonly wallClock?: () => number;
}

/** The logger of the host process, its access log, and how to make sure its lines are out. */
export interface ProcessLogger extends Logger {
  /** The access log: one line an answer (`REQUEST_LOG=on`). */
  readonly accessLog: AnswerObserver;
  /** Resolves once every line logged so far is written (before a normal exit). */
  flush(): Promise<void>;
  /** Hands every queued line to stdout now (in an `exit` handler). */
  flushSync(): void;
}

/** pino's numeric levels, which pino-pretty and pino's tooling read from `level`. */
const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/**
 * The lines of `catalog-host` (docs/host-logs.md), every one of the process through this logger.
 * `text`: the message of info and access lines on `stdout`, batched by the destination; warnings
 * and errors on `stderr` at once, prefixed `warning: ` and `error: `, after the lines queued
 * before them; fields are for JSON. `json`: every line on `stdout` as pino writes a record
 * ({@link jsonLine}), so that one stream in order is the whole log (`catalog-host | pino-pretty`);
 * warnings and errors are still written at once.
 */
export function createProcessLogger(options: ProcessLoggerOptions): ProcessLogger {
  const { stdout, stderr } = options;
  const wallClock = options.wallClock ?? Date.now;
  const flush = () => stdout.flush();
  const flushSync = () => stdout.flushSync();
  if (options.format === 'json') {
    const epochMs = epochClock(wallClock);
    const line = (level: keyof typeof LEVELS, fieldsOrMessage: LogFields | string, message?: string) => {
      const fields = typeof fieldsOrMessage === 'string' ? undefined : fieldsOrMessage;
      stdout.write(`${jsonLine(LEVELS[level], wallClock(), fields, messageOf(fieldsOrMessage, message))}\n`);
    };
    return {
      info: (fieldsOrMessage, message) => line('info', fieldsOrMessage, message),
      warn: (fieldsOrMessage, message) => {
        line('warn', fieldsOrMessage, message);
        stdout.flushSync();
      },
      error: (fieldsOrMessage, message) => {
        line('error', fieldsOrMessage, message);
        stdout.flushSync();
      },
      accessLog: { answered: (answer) => stdout.write(`${jsonAccessLine(answer, epochMs(answer.endedAt))}\n`) },
      flush,
      flushSync,
    };
  }
  const now =
    (prefix: string) =>
    (fieldsOrMessage: LogFields | string, message?: string): void => {
      stdout.flushSync();
      stderr.write(`${prefix}${messageOf(fieldsOrMessage, message)}\n`);
    };
  return {
    info: (fieldsOrMessage, message) => stdout.write(`${messageOf(fieldsOrMessage, message)}\n`),
    warn: now('warning: '),
    error: now('error: '),
    accessLog: { answered: (answer) => stdout.write(`${accessLine(answer)}\n`) },
    flush,
    flushSync,
  };
}

/**
 * One JSON line as pino writes a record: `level`, `time`, the fields in their order (those
 * undefined left out), `msg` last; no `pid` or `hostname`. The access line has its own
 * ({@link jsonAccessLine}): it runs on every request.
 */
export function jsonLine(level: number, time: number, fields: LogFields | undefined, message: string): string {
  let line = `{"level":${level},"time":${time}`;
  if (fields !== undefined)
    for (const key in fields) {
      const value = fields[key];
      if (value !== undefined) line += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
    }
  return `${line},"msg":${JSON.stringify(message)}}`;
}

/**
 * Epoch ms of a `performance.now()` reading: the wall clock is read at most once a second (and
 * again when a reading comes before the last sync), not once a line; a line's `time` is off by no
 * more than the wall clock's own steps within that second.
 */
function epochClock(wallClock: () => number): (at: number) => number {
  let offset = wallClock() - performance.now();
  let syncedAt = performance.now();
  return (at) => {
    if (at - syncedAt >= 1000 || at < syncedAt) {
      offset = wallClock() - at;
      syncedAt = at;
    }
    return Math.round(at + offset);
  };
}
