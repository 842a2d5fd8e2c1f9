// Long because every setting of the host is declared, documented and checked here once: the
// environment's (HostConfig), createHostApp's (HostAppOptions), their defaults and both resolvers.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { HOST_API_VERSION } from '@runtime-component-catalog/contracts';
import semver from 'semver';
import { HostError } from './host-error.js';

/** The host's configuration, resolved once at the boundary (docs/design.md host process contract). */
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
  /** When esbuild-wasm starts: at start (`eager`), on the first compile (`lazy`), or never (`off`). */
  readonly remoteCompiler: RemoteCompilerMode;
  /** Which esbuild compiles (`REMOTE_COMPILER_ENGINE`): esbuild-wasm (`wasm`) or the optional native `esbuild` (`native`). */
  readonly remoteCompilerEngine: RemoteCompilerEngine;
  /** Whether the process writes one access line per request (`REQUEST_LOG`). */
  readonly requestLog: boolean;
  /** How the process writes its lines (`LOG_FORMAT`): `text` or one JSON object a line. */
  readonly logFormat: LogFormat;
  /** After SIGTERM/SIGINT, how long the process keeps serving with `GET /readyz` at 503 before it closes (`SHUTDOWN_DRAIN_MS`). */
  readonly shutdownDrainMs: number;
  /** Whether the process keeps Prometheus metrics and answers `GET /metrics` (`METRICS`, default on). */
  readonly metrics: boolean;
  /**
   * `METRICS_PORT`: `/metrics` is served on this port (same `HOST`) instead of the main one, which
   * then answers it 404; undefined: on the main port. 0 picks a free port.
   */
  readonly metricsPort: number | undefined;
}

/**
 * When the remote-component compiler (esbuild-wasm, a child process of 185-250 MiB) starts:
 * `eager` at start, `lazy` on the first compile, `off` never (the route answers 501
 * `remote-compiler-off`). docs/host-process.md gives the cost of each.
 */
export type RemoteCompilerMode = 'eager' | 'lazy' | 'off';

/** The values of `REMOTE_COMPILER`, in the order its error message lists them. */
export const REMOTE_COMPILER_MODES: readonly RemoteCompilerMode[] = ['eager', 'lazy', 'off'];

/** Which esbuild compiles: `wasm` (esbuild-wasm, a dependency) or `native` (the optional peer `esbuild`), docs/host-process.md "Compiler engine". */
export type RemoteCompilerEngine = 'wasm' | 'native';

/** The values of `REMOTE_COMPILER_ENGINE`, in the order its error message lists them. */
export const REMOTE_COMPILER_ENGINES: readonly RemoteCompilerEngine[] = ['wasm', 'native'];

/** Default of `REMOTE_COMPILER_ENGINE` / the option `remoteCompilerEngine`: esbuild-wasm, which needs no install of its own. */
export const DEFAULT_REMOTE_COMPILER_ENGINE: RemoteCompilerEngine = 'wasm';

/** How `catalog-host` writes its lines (`LOG_FORMAT`): today's text lines, or one JSON object a line (docs/host-process.md). */
export type LogFormat = 'text' | 'json';

/** The values of `LOG_FORMAT`, in the order its error message lists them. */
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

/** The environment variables read by {@link resolveHostConfig}. */
export type HostEnv = Readonly<Record<string, string | undefined>>;

/** Defaults of the optional settings (documented in the README's configuration table). */
export const HOST_CONFIG_DEFAULTS = {
  /** `PORT`: the listening port. */
  port: 8787,
  /** `HOST`: the listening address. */
  hostname: '127.0.0.1',
  /** `FETCH_TIMEOUT_MS`: time-out of one origin read, body included. */
  fetchTimeoutMs: 10_000,
  /** `MAX_UPSTREAM_BYTES`: the largest artifact or catalog body accepted (5 MiB). */
  maxUpstreamBytes: 5 * 1024 * 1024,
  /** `CACHE_MAX_BYTES`: bound of the cached values and their tags (128 MiB). */
  cacheMaxBytes: 128 * 1024 * 1024,
  /** `UPSTREAM_CONCURRENCY`: origin fetches in flight at once. */
  upstreamConcurrency: 64,
  // docs/host-process.md "Drain": a load balancer probing /readyz every 1-2 s with a threshold of
  // 2 or 3 has stopped sending within 5 s; and 5 s leaves docker stop's 10 s for the requests in flight.
  /** `SHUTDOWN_DRAIN_MS`: how long requests are still served after SIGTERM/SIGINT. */
  shutdownDrainMs: 5_000,
} as const;

/**
 * Default of `REMOTE_COMPILER` / the option `remoteCompiler`: esbuild-wasm starts on the first
 * compile. Not in {@link HOST_CONFIG_DEFAULTS}, so that spreading those into the options leaves
 * the deprecated `warmUpCompiler` dependency in effect.
 */
export const DEFAULT_REMOTE_COMPILER: RemoteCompilerMode = 'lazy';

/**
 * What {@link createHostApp} takes: the catalog source and the two origins are required; every
 * other setting, left out, takes its documented default (the README's configuration table).
 */
export interface HostAppOptions {
  /** A local catalog JSON file (absolute, or relative to the working directory), or an http(s) URL. */
  readonly catalogSource: string;
  /** {artifacts_origin}: an http(s) URL, which may carry a path. */
  readonly artifactsOrigin: string;
  /** {esm_origin}: an http(s) URL, which may carry a path; the only origin remote-component fetches from. */
  readonly esmOrigin: string;
  /** Shared secret of `POST /api/revalidate` (`REVALIDATION_SECRET`); unset or empty: every request gets 401. */
  readonly revalidationSecret?: string | undefined;
  /** Default: the host API version of this release (`HOST_API_VERSION`). */
  readonly hostApiVersion?: string | undefined;
  /** Time-out of one origin read, body included, in ms (`FETCH_TIMEOUT_MS`; default 10000). */
  readonly fetchTimeoutMs?: number | undefined;
  /** Largest artifact or catalog body accepted, in bytes (`MAX_UPSTREAM_BYTES`; default 5242880). */
  readonly maxUpstreamBytes?: number | undefined;
  /** Bound of the in-process cache's values and tags, in bytes (`CACHE_MAX_BYTES`; default 134217728); a given `store` has its own. */
  readonly cacheMaxBytes?: number | undefined;
  /** Origin fetches in flight at once (`UPSTREAM_CONCURRENCY`; default 64). */
  readonly upstreamConcurrency?: number | undefined;
  /** When the compiler starts (`REMOTE_COMPILER`): `lazy` (default) on the first compile, `eager` now, `off` never (501). */
  readonly remoteCompiler?: RemoteCompilerMode | undefined;
  /** Which esbuild compiles (`REMOTE_COMPILER_ENGINE`): `wasm` (default, esbuild-wasm) or `native`, the optional peer `esbuild`. */
  readonly remoteCompilerEngine?: RemoteCompilerEngine | undefined;
}

/** The settings of the app itself: {@link HostConfig} without the process fields. */
export type HostAppConfig = Omit<
  HostConfig,
  'port' | 'hostname' | 'redisUrl' | 'requestLog' | 'logFormat' | 'shutdownDrainMs' | 'metrics' | 'metricsPort'
>;

/** The ranges the numeric settings are checked against, whether they come from options or the environment. */
const NUMBER_RANGES = {
  port: [0, 65_535],
  fetchTimeoutMs: [1, 600_000],
  maxUpstreamBytes: [1, 2 ** 31],
  cacheMaxBytes: [1024, 2 ** 40],
  upstreamConcurrency: [1, 10_000],
  shutdownDrainMs: [0, 600_000],
} as const;

/**
 * Fills in the defaults of {@link HostAppOptions} and checks every value. A missing or invalid
 * setting throws a HostError (`invalid-config`) whose message names the option.
 */
export function resolveHostAppConfig(options: HostAppOptions, cwd = process.cwd()): HostAppConfig {
  const names = {
    catalogSource: 'catalogSource',
    artifactsOrigin: 'artifactsOrigin',
    esmOrigin: 'esmOrigin',
    hostApiVersion: 'hostApiVersion',
  };
  const number = (name: keyof typeof NUMBER_RANGES & keyof HostAppOptions) => {
    const value = options[name] ?? HOST_CONFIG_DEFAULTS[name];
    const [min, max] = NUMBER_RANGES[name];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw invalid(name, `must be an integer from ${min} to ${max}, got ${String(value)}`);
    }
    return value;
  };
  return {
    catalogSource: catalogSource(options.catalogSource, names.catalogSource, cwd),
    artifactsOrigin: origin(options.artifactsOrigin, names.artifactsOrigin),
    esmOrigin: origin(options.esmOrigin, names.esmOrigin),
    revalidationSecret: options.revalidationSecret || undefined,
    hostApiVersion: hostApiVersion(options.hostApiVersion, names.hostApiVersion),
    fetchTimeoutMs: number('fetchTimeoutMs'),
    maxUpstreamBytes: number('maxUpstreamBytes'),
    cacheMaxBytes: number('cacheMaxBytes'),
    upstreamConcurrency: number('upstreamConcurrency'),
    remoteCompiler: remoteCompiler(options.remoteCompiler, 'remoteCompiler'),
    remoteCompilerEngine: remoteCompilerEngine(options.remoteCompilerEngine, 'remoteCompilerEngine'),
  };
}

/**
 * Reads and checks the environment. A missing or invalid required variable throws a HostError
 * (`invalid-config`) whose message names the variable and what is wrong, in one line.
 */
export function resolveHostConfig(env: HostEnv, cwd = process.cwd()): HostConfig {
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw invalid('REDIS_URL', 'must start with redis:// or rediss://');
  }
  const integer = (variable: string, range: keyof typeof NUMBER_RANGES) => {
    const raw = env[variable];
    const [min, max] = NUMBER_RANGES[range];
    if (raw === undefined || raw === '') return HOST_CONFIG_DEFAULTS[range];
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      throw invalid(variable, `must be an integer from ${min} to ${max}, got "${raw}"`);
    }
    return value;
  };
  return {
    port: integer('PORT', 'port'),
    hostname: env.HOST || HOST_CONFIG_DEFAULTS.hostname,
    catalogSource: catalogSource(env.CATALOG_SOURCE, 'CATALOG_SOURCE', cwd),
    artifactsOrigin: origin(env.ARTIFACTS_ORIGIN, 'ARTIFACTS_ORIGIN'),
    esmOrigin: origin(env.ESM_ORIGIN, 'ESM_ORIGIN'),
    revalidationSecret: env.REVALIDATION_SECRET || undefined,
    redisUrl,
    hostApiVersion: hostApiVersion(env.HOST_API_VERSION, 'HOST_API_VERSION'),
    fetchTimeoutMs: integer('FETCH_TIMEOUT_MS', 'fetchTimeoutMs'),
    maxUpstreamBytes: integer('MAX_UPSTREAM_BYTES', 'maxUpstreamBytes'),
    cacheMaxBytes: integer('CACHE_MAX_BYTES', 'cacheMaxBytes'),
    upstreamConcurrency: integer('UPSTREAM_CONCURRENCY', 'upstreamConcurrency'),
    remoteCompiler: remoteCompiler(env.REMOTE_COMPILER || undefined, 'REMOTE_COMPILER'),
    // Checked even with REMOTE_COMPILER=off, which then loads no engine (and needs no native esbuild).
    remoteCompilerEngine: remoteCompilerEngine(env.REMOTE_COMPILER_ENGINE || undefined, 'REMOTE_COMPILER_ENGINE'),
    requestLog: onOff(env.REQUEST_LOG, 'REQUEST_LOG', true),
    logFormat: resolveLogFormat(env),
    shutdownDrainMs: integer('SHUTDOWN_DRAIN_MS', 'shutdownDrainMs'),
    ...metricsSettings(env, integer),
  };
}

/** `METRICS` (on or off) and `METRICS_PORT` (a port, not the main one unless either is 0; only with metrics on). */
function metricsSettings(
  env: HostEnv,
  integer: (variable: string, range: 'port') => number,
): { metrics: boolean; metricsPort: number | undefined } {
  const metrics = onOff(env.METRICS, 'METRICS', true);
  if (env.METRICS_PORT === undefined || env.METRICS_PORT === '') return { metrics, metricsPort: undefined };
  if (!metrics) throw invalid('METRICS_PORT', 'is set while METRICS is off: unset one of them');
  const metricsPort = integer('METRICS_PORT', 'port');
  const port = integer('PORT', 'port');
  if (metricsPort !== 0 && metricsPort === port) throw invalid('METRICS_PORT', `must differ from PORT (${port})`);
  return { metrics, metricsPort };
}

/**
 * `LOG_FORMAT` alone (default `text`): the process reads it before the rest, so that an error in
 * any other variable is written in the chosen format. A malformed value throws a HostError
 * (`invalid-config`) naming the variable.
 */
export function resolveLogFormat(env: HostEnv): LogFormat {
  const raw = env.LOG_FORMAT || 'text';
  if (!LOG_FORMATS.includes(raw as LogFormat)) {
    throw invalid('LOG_FORMAT', `must be one of ${LOG_FORMATS.join(', ')}, got "${raw}"`);
  }
  return raw as LogFormat;
}

function invalid(name: string, problem: string): HostError {
  return new HostError('invalid-config', `${name} ${problem}`);
}

const remoteCompiler = (raw: string | undefined, name: string) =>
  oneOf(raw, name, REMOTE_COMPILER_MODES, DEFAULT_REMOTE_COMPILER);
const remoteCompilerEngine = (raw: string | undefined, name: string) =>
  oneOf(raw, name, REMOTE_COMPILER_ENGINES, DEFAULT_REMOTE_COMPILER_ENGINE);

/** `raw` when it is one of `values`, `fallback` when unset; otherwise the one-line error listing the values. */
function oneOf<T extends string>(raw: string | undefined, name: string, values: readonly T[], fallback: T): T {
  const value = raw ?? fallback;
  if (!values.includes(value as T)) throw invalid(name, `must be one of ${values.join(', ')}, got "${value}"`);
  return value as T;
}

function onOff(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'on' && raw !== 'off') throw invalid(name, `must be on or off, got "${raw}"`);
  return raw === 'on';
}

function hostApiVersion(raw: string | undefined, name: string): string {
  const version = raw || HOST_API_VERSION;
  if (semver.valid(version) === null) throw invalid(name, `must be a semantic version, got "${version}"`);
  return version;
}

function catalogSource(raw: string | undefined, name: string, cwd: string): string {
  if (!raw) throw invalid(name, 'is required (a catalog JSON file path or an http(s) URL)');
  if (/^https?:\/\//i.test(raw)) {
    if (!URL.canParse(raw)) throw invalid(name, `is not a valid URL: "${raw}"`);
    return raw;
  }
  const path = resolve(cwd, raw);
  if (!existsSync(path)) throw invalid(name, `names a file that does not exist: ${path}`);
  return path;
}

/** docs/design.md: an origin may carry a path; it is kept as given, without a trailing slash. */
function origin(raw: string | undefined, name: string): string {
  if (!raw) throw invalid(name, 'is required (an http(s) URL)');
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalid(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw invalid(name, 'must not carry a query, a fragment or credentials');
  }
  return raw.replace(/\/+$/, '');
}
