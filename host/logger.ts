/** Where the host writes its lines; library code never calls `console` itself. */
export interface Logger {
  /** Normal operation: start-up lines, access lines. */
  info(message: string): void;
  /** A request answered with an error, or a setting to look at (an unset revalidation secret). */
  warn(message: string): void;
  /** A failure: an unexpected error, Redis unreachable, a compiler that did not start. */
  error(message: string): void;
}

/** A logger that drops everything (the default of `createHostApp`). */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};
