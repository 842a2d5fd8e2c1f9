/**
 * What one configured origin covers: the same scheme, host and port, a path under its path
 * prefix, no credentials. URLs are compared after WHATWG parsing, which resolves `..`, `%2e%2e`,
 * backslashes and default ports, so escapes above the prefix are seen as such. Every URL the host
 * fetches from an origin, redirect hops included, goes through one of these.
 */
export class OriginPolicy {
  readonly #origin: URL;
  readonly #pathPrefix: string;

  /** `origin`: an http(s) URL, which may carry a path prefix. */
  constructor(origin: string) {
    this.#origin = new URL(origin);
    this.#pathPrefix = this.#origin.pathname.replace(/\/+$/, '');
  }

  /** The origin as configured (its path prefix included). */
  get origin(): URL {
    return this.#origin;
  }

  /** Whether `url` is under the origin. */
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
}
