import { HostError } from '../host-error.js';

/** Which compile quota refused: the compiles a client has in flight, or those it started lately. */
export type CompileQuotaKind = 'concurrency' | 'rate';

/**
 * A cold compile refused by a client's compile quota (docs/compile-quotas.md): answered 429
 * `too-many-compiles` with `Retry-After: <retryAfterSeconds>`.
 */
export class TooManyCompilesError extends HostError {
  override readonly name: string = 'TooManyCompilesError';
  /** Whole seconds after which the client may try again (at least 1). */
  readonly retryAfterSeconds: number;
  /** The client whose quota refused (an IP address, or `unknown`). */
  readonly client: string;
  /** Which quota refused. */
  readonly quota: CompileQuotaKind;

  /** `limit`: what the refusing quota allows, as its message states it (`2 cold compiles at once`). */
  constructor(client: string, quota: CompileQuotaKind, limit: string, retryAfterSeconds: number) {
    super('too-many-compiles', `Too many compiles: at most ${limit} per client`);
    this.client = client;
    this.quota = quota;
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
