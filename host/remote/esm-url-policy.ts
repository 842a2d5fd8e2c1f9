import { HostError } from '../host-error.js';

/**
 * Which URLs the remote-component compiler may fetch: only under `ESM_ORIGIN` (same scheme,
 * host and port, path under its path prefix, no credentials). URLs are compared after WHATWG
 * parsing, which resolves `..`, `%2e%2e`, backslashes and default ports, so escapes above the
 * prefix are seen as such. Every URL (request, import, redirect hop) goes through `check`.
 */
export class EsmUrlPolicy {
  readonly #origin: URL;
  readonly #pathPrefix: string;

  constructor(esmOrigin: string) {
    this.#origin = new URL(esmOrigin);
    this.#pathPrefix = this.#origin.pathname.replace(/\/+$/, '');
  }

  /** Whether `url` is under the ESM origin. */
  allows(url: URL): boolean {
    // An encoded slash or backslash survives URL parsing (`/esm/..%2Fadmin`), and a server that
    // decodes before normalising would leave the prefix: refuse them outright.
    if (/%2f|%5c/i.test(url.pathname)) return false;
    return (
      url.protocol === this.#origin.protocol &&
      url.hostname === this.#origin.hostname &&
      url.port === this.#origin.port &&
      url.username === '' &&
      url.password === '' &&
      (this.#pathPrefix === '' || url.pathname === this.#pathPrefix || url.pathname.startsWith(`${this.#pathPrefix}/`))
    );
  }

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
    if (!/^([a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)/.test(raw) || !URL.canParse(raw, this.#origin.href)) {
      throw new HostError('invalid-url', 'Malformed url parameter: an absolute URL is required');
    }
    return this.check(new URL(raw, this.#origin));
  }
}
