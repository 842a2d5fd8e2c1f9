import { AuthoringError } from '../authoring-error.js';

/**
 * A registry URL as npm writes it (`--@acme:registry=<url>`): http or https, no credentials, no
 * query or fragment, ending in `/` so that package paths resolve below it (a registry may live
 * under a path, `https://repo.example/api/npm/staging/`). Undefined when `value` is none of that.
 */
export function registryUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  // Credentials would be echoed in messages and on npm's command line: they belong in .npmrc.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  if (url.search || url.hash) return undefined;
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** The environment variable that overrides `stagingRegistry` of the config file. */
export const stagingRegistryEnv = 'CATALOG_STAGING_REGISTRY';

/**
 * The staging registry of sync:deps: `--registry`, else `CATALOG_STAGING_REGISTRY`, else the
 * config file's `stagingRegistry` (already checked). A malformed flag or variable, or none of the
 * three, is a usage error: the command cannot start.
 */
export function resolveStagingRegistry(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  fromConfig: string | undefined,
): string {
  const fromEnv = env[stagingRegistryEnv] || undefined;
  const [given, where] =
    flag !== undefined ? [flag, '--registry'] : fromEnv !== undefined ? [fromEnv, stagingRegistryEnv] : [undefined, ''];
  if (given === undefined) {
    if (fromConfig !== undefined) return fromConfig;
    throw new AuthoringError(
      'usage',
      `no staging registry: pass --registry <url>, set ${stagingRegistryEnv}, or set "stagingRegistry" in catalog-schema.config.json`,
    );
  }
  const url = registryUrl(given);
  if (url === undefined) {
    throw new AuthoringError(
      'usage',
      `${where} ${JSON.stringify(given)} is not an http(s) URL without credentials, such as http://localhost:4873/`,
    );
  }
  return url;
}
