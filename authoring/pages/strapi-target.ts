import { AuthoringError } from '../authoring-error.js';
import { httpOriginSetting } from '../publish/publish-settings.js';

/** The environment variables migrate-pages reads (docs/authoring-migrate-pages.md "Settings"). */
export const strapiEnv = { url: 'STRAPI_URL', token: 'STRAPI_TOKEN' } as const;

/** Where stored pages are read and written: Strapi's origin and an API token (never printed). */
export interface StrapiTarget {
  /** Strapi's origin, without trailing slashes; the REST API is below its `/api`. */
  readonly url: string;
  /** An API token with find, findOne and update on the page collections; sent as `Authorization: Bearer`. */
  readonly token: string;
}

/**
 * The Strapi migrate-pages talks to, from the environment only (a token does not belong in a
 * config file that is committed): `STRAPI_URL` and `STRAPI_TOKEN`. A missing one, or a URL that
 * is not http(s) without credentials, query or fragment, is `migrate-pages-config-missing` (exit 2).
 */
export function resolveStrapiTarget(env: Readonly<Record<string, string | undefined>>): StrapiTarget {
  const read = (name: string, what: string) => {
    const value = env[name];
    if (value === undefined || value === '') {
      throw new AuthoringError('migrate-pages-config-missing', `migrate-pages needs ${name} (${what})`);
    }
    return value;
  };
  const raw = read(strapiEnv.url, "Strapi's origin, such as http://127.0.0.1:1337");
  const token = read(strapiEnv.token, 'a Strapi API token that can read and update the page collections');
  return { url: httpOriginSetting(raw, strapiEnv.url, 'migrate-pages-config-missing'), token };
}
