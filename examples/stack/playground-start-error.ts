/** Why the playground could not start. */
export type PlaygroundStartErrorCode = 'port-in-use' | 'state-folder' | 'invalid-example' | 'start-failed';

/** A part of the stack could not start; `message` says which, and what to do. */
export class PlaygroundStartError extends Error {
  override readonly name = 'PlaygroundStartError';
  readonly code: PlaygroundStartErrorCode;

  constructor(code: PlaygroundStartErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The error of a server that could not listen: a port in use names the variable to change. */
export function listenError(error: NodeJS.ErrnoException, port: number, what: string, variable: string): never {
  if (error.code === 'EADDRINUSE' || /already in use/i.test(error.message)) {
    throw new PlaygroundStartError(
      'port-in-use',
      `port ${port} is in use (${what}); set ${variable} to another port, or 0 for any`,
    );
  }
  throw new PlaygroundStartError('start-failed', `${what} could not start: ${error.message}`);
}
