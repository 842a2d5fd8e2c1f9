/** Where the host writes its lines; library code never calls `console` itself. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A logger that drops everything (the default of `createHostApp`). */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};
