import type { Logger } from '../../host/logger.js';

/** Test-only: a host Logger that keeps every line it is given, prefixed with its level. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (line) => lines.push(`info: ${line}`),
    warn: (line) => lines.push(`warn: ${line}`),
    error: (line) => lines.push(`error: ${line}`),
  };
}
