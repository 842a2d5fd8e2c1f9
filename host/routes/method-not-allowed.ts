import type { Handler } from 'hono';
import { HostError } from '../host-error.js';

/** A handler for a known path asked with a method it does not serve: 405 with `Allow`. */
export function methodNotAllowed(allow: string): Handler {
  return function methodNotAllowedHandler(c) {
    c.header('allow', allow);
    throw new HostError('method-not-allowed', 'Method not allowed');
  };
}
