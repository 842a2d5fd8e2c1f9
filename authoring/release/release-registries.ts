import { AuthoringError } from '../authoring-error.js';
import { registryUrl } from '../config/registry-url.js';
import type { ProcessEnv } from '../sync/npm-install.js';

/** The environment variables of the release commands (docs/authoring-releases.md). */
export const releaseEnv = {
  stagingRegistry: 'CATALOG_STAGING_REGISTRY',
  stagingToken: 'CATALOG_STAGING_TOKEN',
  productionRegistry: 'CATALOG_PRODUCTION_REGISTRY',
  productionToken: 'CATALOG_PRODUCTION_TOKEN',
} as const;

/** Which of the two registries (spec 9.5): staging gets releases, production gets promotions. */
export type RegistryRole = 'staging' | 'production';

/** A registry the release commands read and publish to. */
export interface RegistryTarget {
  readonly role: RegistryRole;
  /** An http(s) URL ending in `/` (config/registry-url.ts). */
  readonly url: string;
  /** The npm token that publishes there (and is sent with reads), never printed; undefined on a dry run without one. */
  readonly token: string | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The flag, variable and config key that name one registry. */
export interface RegistrySources {
  /** The command-line flag as written (`--registry`) and its value, if given. */
  readonly flag: { readonly name: string; readonly value: string | undefined };
  /** The config file's `stagingRegistry` or `productionRegistry`, already checked. */
  readonly fromConfig: string | undefined;
  /** Whether the token must be set: a dry run publishes nothing and needs none. */
  readonly needsToken: boolean;
}

const configKey = { staging: 'stagingRegistry', production: 'productionRegistry' } as const;

/**
 * One registry of a release command: its URL from the flag, else `CATALOG_<ROLE>_REGISTRY`, else
 * the config file; its token from `CATALOG_<ROLE>_TOKEN` only (a secret has no place in a
 * file or on a command line). A malformed flag is `usage`; no URL, a malformed variable or a
 * missing token is `release-config-missing`; both exit 2, the token never in a message.
 */
export function resolveRegistryTarget(role: RegistryRole, sources: RegistrySources, env: Env): RegistryTarget {
  const variable = role === 'staging' ? releaseEnv.stagingRegistry : releaseEnv.productionRegistry;
  const tokenVariable = role === 'staging' ? releaseEnv.stagingToken : releaseEnv.productionToken;
  const fromEnv = env[variable] || undefined;
  let url: string | undefined;
  if (sources.flag.value !== undefined) {
    url = registryUrl(sources.flag.value);
    if (url === undefined)
      throw new AuthoringError(
        'usage',
        `${sources.flag.name} ${JSON.stringify(sources.flag.value)} is not an http(s) URL without credentials, such as http://localhost:4873/`,
      );
  } else if (fromEnv !== undefined) {
    url = registryUrl(fromEnv);
    if (url === undefined)
      throw new AuthoringError(
        'release-config-missing',
        `${variable} ${JSON.stringify(fromEnv)} is not an http(s) URL without credentials, such as http://localhost:4873/`,
      );
  } else {
    url = sources.fromConfig;
  }
  if (url === undefined)
    throw new AuthoringError(
      'release-config-missing',
      `no ${role} registry: pass ${sources.flag.name} <url>, set ${variable}, or set "${configKey[role]}" in catalog-schema.config.json`,
    );
  const token = env[tokenVariable] || undefined;
  if (token === undefined && sources.needsToken)
    throw new AuthoringError(
      'release-config-missing',
      `publishing to the ${role} registry ${url} needs ${tokenVariable}: an npm token of that registry (it is passed to npm through the environment, never written or printed)`,
    );
  return { role, url, token };
}

/** What each publishing run (release --staging, promote) is told besides its registries. */
export interface PublishRunOptions {
  readonly scope: string;
  /** The dist-tag each published version gets (`staging`, which sync:deps resolves; `latest`). */
  readonly tag: string;
  readonly dryRun: boolean;
  readonly env: ProcessEnv;
  /** One line per package and step, as it happens. */
  readonly progress: (line: string) => void;
}
