/** What a line says besides its message: plain values, written as JSON fields with `LOG_FORMAT=json`. */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * Where the host writes its lines; library code never calls `console` itself. Each level takes
 * pino's call shapes, `(fields, message)` or `(message)`, so a pino logger is one as it is
 * (`createHostApp(options, { logger: pino() })`); a text logger writes the message.
 */
export interface Logger {
  /** Normal operation: start-up lines, access lines. */
  info(fieldsOrMessage: LogFields | string, message?: string): void;
  /** A request answered with an error, or a setting to look at (an unset revalidation secret). */
  warn(fieldsOrMessage: LogFields | string, message?: string): void;
  /** A failure: an unexpected error, Redis unreachable, a compiler that did not start. */
  error(fieldsOrMessage: LogFields | string, message?: string): void;
}

/** The message of a `(fields, message)` or `(message)` call. */
export function messageOf(fieldsOrMessage: LogFields | string, message?: string): string {
  return typeof fieldsOrMessage === 'string' ? fieldsOrMessage : (message ?? '');
}

/** A logger that drops everything (the default of `createHostApp`). */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};
