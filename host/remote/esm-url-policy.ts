import { HostError } from '../host-error.js';
import { OriginPolicy } from '../internal/origin-policy.js';

/**
 * Which URLs the remote-component compiler may fetch: only under `ESM_ORIGIN` (an
 * {@link OriginPolicy}). Every URL (request, import, redirect hop) goes through `check`.
 */
export class EsmUrlPolicy extends OriginPolicy {
  /** `url` itself when allowed; HostError `forbidden-url` (403) otherwise. */
  check(url: URL): URL {
    if (!this.allows(url)) throw new HostError('forbidden-url', `URL not allowed: ${url.href}`);
    return url;
  }

  /**
   * The `url` query parameter: absolute (`scheme:`) or protocol-relative (`//host/...`), then
   * checked. Missing or unparseable: 400; parseable but elsewhere: 403.
   */
  parseRequested(raw: string | undefined): URL {
    if (raw === undefined || raw === '') throw new HostError('invalid-url', 'Missing url parameter');
    if (raw.length > 4096) throw new HostError('invalid-url', 'Malformed url parameter: longer than 4096 characters');
    if (!/^([a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)/.test(raw) || !URL.canParse(raw, this.origin.href)) {
      throw new HostError('invalid-url', 'Malformed url parameter: an absolute URL is required');
    }
    return this.check(new URL(raw, this.origin));
  }
}
