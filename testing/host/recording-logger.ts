import { type Logger, messageOf } from '../../host/logger.js';

/** Test-only: a host Logger that keeps the message of every line it is given, prefixed with its level. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (fieldsOrMessage, message) => lines.push(`info: ${messageOf(fieldsOrMessage, message)}`),
    warn: (fieldsOrMessage, message) => lines.push(`warn: ${messageOf(fieldsOrMessage, message)}`),
    error: (fieldsOrMessage, message) => lines.push(`error: ${messageOf(fieldsOrMessage, message)}`),
  };
}
