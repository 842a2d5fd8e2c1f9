import type { Hono } from 'hono';
import { HostError } from '../host-error.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/**
 * Answers 405 with `Allow` on `paths` for every method other than `allow` (HEAD follows GET).
 * Registered per method rather than with `all()`, so that a served request matches exactly one
 * handler and Hono takes its single-handler fast path.
 */
export function answerMethodNotAllowed(routes: Hono, paths: readonly string[], allow: readonly string[]): void {
  const others = METHODS.filter((method) => !allow.includes(method));
  const header = [...allow, ...(allow.includes('GET') ? ['HEAD'] : [])].join(', ');
  for (const path of paths) {
    routes.on([...others], path, (c) => {
      c.header('allow', header);
      throw new HostError('method-not-allowed', 'Method not allowed');
    });
  }
}
