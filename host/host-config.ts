import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { HOST_API_VERSION } from '../contracts/index.js';
import { HostError } from './host-error.js';

/** The host's configuration, resolved once at the boundary (design.md host process contract). */
export interface HostConfig {
  /** Listening port; 0 picks a free one. */
  readonly port: number;
  /** Listening address. */
  readonly hostname: string;
  /** Absolute path of a local catalog file, or an http(s) URL. */
  readonly catalogSource: string;
  /** {artifacts_origin}, without a trailing slash. */
  readonly artifactsOrigin: string;
  /** {esm_origin}, without a trailing slash. */
  readonly esmOrigin: string;
  /** Unset or empty: every revalidate request is refused with 401 (spec 5.2). */
  readonly revalidationSecret: string | undefined;
  /** Shared cache; unset: in-process. */
  readonly redisUrl: string | undefined;
  /** What entries' `hostApi` ranges are checked against. */
  readonly hostApiVersion: string;
  /** Time-out of one upstream fetch (artifact or catalog), body included. */
  readonly fetchTimeoutMs: number;
  /** Largest artifact or catalog body accepted from an origin. */
  readonly maxUpstreamBytes: number;
  /** Upper bound of the in-process cache, in bytes of JSON. */
  readonly cacheMaxBytes: number;
  /** Upstream fetches in flight at once, per host instance. */
  readonly upstreamConcurrency: number;
}

/** The environment variables read by {@link resolveHostConfig}. */
export type HostEnv = Readonly<Record<string, string | undefined>>;

/** Defaults of the optional settings (documented in the README's configuration table). */
export const HOST_CONFIG_DEFAULTS = {
  port: 8787,
  hostname: '127.0.0.1',
  fetchTimeoutMs: 10_000,
  maxUpstreamBytes: 5 * 1024 * 1024,
  cacheMaxBytes: 128 * 1024 * 1024,
  upstreamConcurrency: 64,
} as const;

/**
 * Reads and checks the environment. A missing or invalid required variable throws a HostError
 * (`invalid-config`) whose message names the variable and what is wrong, in one line.
 */
export function resolveHostConfig(env: HostEnv, cwd = process.cwd()): HostConfig {
  const revalidationSecret = env.REVALIDATION_SECRET === '' ? undefined : env.REVALIDATION_SECRET;
  const hostApiVersion = env.HOST_API_VERSION || HOST_API_VERSION;
  if (semver.valid(hostApiVersion) === null) {
    throw invalid('HOST_API_VERSION', `must be a semantic version, got "${hostApiVersion}"`);
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw invalid('REDIS_URL', 'must start with redis:// or rediss://');
  }
  return {
    port: integer(env, 'PORT', HOST_CONFIG_DEFAULTS.port, 0, 65_535),
    hostname: env.HOST || HOST_CONFIG_DEFAULTS.hostname,
    catalogSource: catalogSource(env.CATALOG_SOURCE, cwd),
    artifactsOrigin: origin(env, 'ARTIFACTS_ORIGIN'),
    esmOrigin: origin(env, 'ESM_ORIGIN'),
    revalidationSecret,
    redisUrl,
    hostApiVersion,
    fetchTimeoutMs: integer(env, 'FETCH_TIMEOUT_MS', HOST_CONFIG_DEFAULTS.fetchTimeoutMs, 1, 600_000),
    maxUpstreamBytes: integer(env, 'MAX_UPSTREAM_BYTES', HOST_CONFIG_DEFAULTS.maxUpstreamBytes, 1, 2 ** 31),
    cacheMaxBytes: integer(env, 'CACHE_MAX_BYTES', HOST_CONFIG_DEFAULTS.cacheMaxBytes, 1024, 2 ** 40),
    upstreamConcurrency: integer(env, 'UPSTREAM_CONCURRENCY', HOST_CONFIG_DEFAULTS.upstreamConcurrency, 1, 10_000),
  };
}

function invalid(variable: string, problem: string): HostError {
  return new HostError('invalid-config', `${variable} ${problem}`);
}

function integer(env: HostEnv, variable: string, fallback: number, min: number, max: number): number {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw invalid(variable, `must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function catalogSource(raw: string | undefined, cwd: string): string {
  if (!raw) throw invalid('CATALOG_SOURCE', 'is required (a catalog JSON file path or an http(s) URL)');
  if (/^https?:\/\//i.test(raw)) {
    if (!URL.canParse(raw)) throw invalid('CATALOG_SOURCE', `is not a valid URL: "${raw}"`);
    return raw;
  }
  const path = resolve(cwd, raw);
  if (!existsSync(path)) throw invalid('CATALOG_SOURCE', `names a file that does not exist: ${path}`);
  return path;
}

/** design.md: an origin may carry a path; it is kept as given, without a trailing slash. */
function origin(env: HostEnv, variable: string): string {
  const raw = env[variable];
  if (!raw) throw invalid(variable, 'is required (an http(s) URL)');
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalid(variable, `must be an http(s) URL, got "${raw}"`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw invalid(variable, 'must not carry a query, a fragment or credentials');
  }
  return raw.replace(/\/+$/, '');
}
