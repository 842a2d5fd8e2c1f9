import { type LogFields, type Logger, messageOf } from '../../host/logger.js';

/** One call a {@link recordingLogger} was given. */
export interface RecordedLine {
  readonly level: 'info' | 'warn' | 'error';
  /** The call's fields (`{}` for a call with a message only). */
  readonly fields: LogFields;
  readonly message: string;
}

/**
 * Test-only: a host Logger that keeps the message of every line it is given, prefixed with its
 * level (`lines`), and every call whole (`records`), so that a test can check a line's fields.
 */
export function recordingLogger(): Logger & { lines: string[]; records: RecordedLine[] } {
  const lines: string[] = [];
  const records: RecordedLine[] = [];
  const record = (level: RecordedLine['level']) => (fieldsOrMessage: LogFields | string, message?: string) => {
    const text = messageOf(fieldsOrMessage, message);
    lines.push(`${level}: ${text}`);
    records.push({ level, fields: typeof fieldsOrMessage === 'string' ? {} : fieldsOrMessage, message: text });
  };
  return { lines, records, info: record('info'), warn: record('warn'), error: record('error') };
}
