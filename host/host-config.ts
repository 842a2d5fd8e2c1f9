// The host's configuration and its two resolvers, both reading the rows of HOST_SETTINGS
// (host-settings.ts), where each setting's variable, default, check and meaning are declared once.
import { HOST_SETTINGS, type HostSetting } from './host-settings.js';

export { LOG_FORMATS, REMOTE_COMPILER_ENGINES, REMOTE_COMPILER_MODES } from './host-settings.js';

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
  /** PEM file of the CA that signed Redis's TLS certificate (`rediss://` only); unset: the system's CAs. */
  readonly redisTlsCaFile: string | undefined;
  /** `REDIS_SENTINELS`: the Sentinels the shared cache asks for the master; undefined: `redisUrl`'s host. */
  readonly redisSentinels: readonly RedisSentinelAddress[] | undefined;
  /** `REDIS_SENTINEL_MASTER`: the master's name at the Sentinels (set exactly when `redisSentinels` is). */
  readonly redisSentinelMaster: string | undefined;
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
  /** Cold compiles one client may have in flight at once (`COMPILE_QUOTA_CONCURRENCY`). */
  readonly compileQuotaConcurrency: number;
  /** Cold compiles one client may start a minute (`COMPILE_QUOTA_PER_MINUTE`). */
  readonly compileQuotaPerMinute: number;
  /** Proxies (addresses or CIDRs) whose `x-forwarded-for` names the client (`TRUSTED_PROXIES`); undefined: none. */
  readonly trustedProxies: readonly string[] | undefined;
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
 * `remote-compiler-off`). docs/host-compiler.md gives the cost of each.
 */
export type RemoteCompilerMode = 'eager' | 'lazy' | 'off';

/** Which esbuild compiles: `wasm` (esbuild-wasm, a dependency) or `native` (the optional peer `esbuild`), docs/host-compiler.md "Compiler engine". */
export type RemoteCompilerEngine = 'wasm' | 'native';

/** How `catalog-host` writes its lines (`LOG_FORMAT`): today's text lines, or one JSON object a line (docs/host-logs.md). */
export type LogFormat = 'text' | 'json';

/** One Redis Sentinel of `REDIS_SENTINELS`. */
export interface RedisSentinelAddress {
  /** Its host name or IP address. */
  readonly host: string;
  /** Its port. */
  readonly port: number;
}

/** The environment variables read by {@link resolveHostConfig}. */
export type HostEnv = Readonly<Record<string, string | undefined>>;

/** Defaults of the optional numeric settings and of `HOST` (from their rows in host-settings.ts). */
export const HOST_CONFIG_DEFAULTS = {
  /** `PORT`: the listening port. */
  port: HOST_SETTINGS.port.parser.fallback,
  /** `HOST`: the listening address. */
  hostname: HOST_SETTINGS.hostname.parser.fallback,
  /** `FETCH_TIMEOUT_MS`: time-out of one origin read, body included. */
  fetchTimeoutMs: HOST_SETTINGS.fetchTimeoutMs.parser.fallback,
  /** `MAX_UPSTREAM_BYTES`: the largest artifact or catalog body accepted (5 MiB). */
  maxUpstreamBytes: HOST_SETTINGS.maxUpstreamBytes.parser.fallback,
  /** `CACHE_MAX_BYTES`: bound of the cached values and their tags (128 MiB). */
  cacheMaxBytes: HOST_SETTINGS.cacheMaxBytes.parser.fallback,
  /** `UPSTREAM_CONCURRENCY`: origin fetches in flight at once. */
  upstreamConcurrency: HOST_SETTINGS.upstreamConcurrency.parser.fallback,
  /** `COMPILE_QUOTA_CONCURRENCY`: cold compiles one client may have in flight. */
  compileQuotaConcurrency: HOST_SETTINGS.compileQuotaConcurrency.parser.fallback,
  /** `COMPILE_QUOTA_PER_MINUTE`: cold compiles one client may start a minute. */
  compileQuotaPerMinute: HOST_SETTINGS.compileQuotaPerMinute.parser.fallback,
  /** `SHUTDOWN_DRAIN_MS`: how long requests are still served after SIGTERM/SIGINT. */
  shutdownDrainMs: HOST_SETTINGS.shutdownDrainMs.parser.fallback,
} as const;

/**
 * Default of `REMOTE_COMPILER` / the option `remoteCompiler`: esbuild-wasm starts on the first
 * compile. Not in {@link HOST_CONFIG_DEFAULTS}, so that spreading those into the options leaves
 * the deprecated `warmUpCompiler` dependency in effect.
 */
export const DEFAULT_REMOTE_COMPILER: RemoteCompilerMode = HOST_SETTINGS.remoteCompiler.parser.fallback;

/** Default of `REMOTE_COMPILER_ENGINE` / the option `remoteCompilerEngine`: esbuild-wasm, which needs no install of its own. */
export const DEFAULT_REMOTE_COMPILER_ENGINE: RemoteCompilerEngine = HOST_SETTINGS.remoteCompilerEngine.parser.fallback;

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
  /** Time-out of one origin read, body included, in ms (`FETCH_TIMEOUT_MS`). */
  readonly fetchTimeoutMs?: number | undefined;
  /** Largest artifact or catalog body accepted, in bytes (`MAX_UPSTREAM_BYTES`). */
  readonly maxUpstreamBytes?: number | undefined;
  /** Bound of the in-process cache's values and tags, in bytes (`CACHE_MAX_BYTES`); a given `store` has its own. */
  readonly cacheMaxBytes?: number | undefined;
  /** Origin fetches in flight at once (`UPSTREAM_CONCURRENCY`). */
  readonly upstreamConcurrency?: number | undefined;
  /** When the compiler starts (`REMOTE_COMPILER`): `lazy` (default) on the first compile, `eager` now, `off` never (501). */
  readonly remoteCompiler?: RemoteCompilerMode | undefined;
  /** Which esbuild compiles (`REMOTE_COMPILER_ENGINE`): `wasm` (default, esbuild-wasm) or `native`, the optional peer `esbuild`. */
  readonly remoteCompilerEngine?: RemoteCompilerEngine | undefined;
  /** Cold compiles one client may have in flight at once (`COMPILE_QUOTA_CONCURRENCY`). */
  readonly compileQuotaConcurrency?: number | undefined;
  /** Cold compiles one client may start a minute (`COMPILE_QUOTA_PER_MINUTE`). */
  readonly compileQuotaPerMinute?: number | undefined;
  /** Proxies (IP addresses or CIDRs) whose `x-forwarded-for` names the client (`TRUSTED_PROXIES`); default: none. */
  readonly trustedProxies?: readonly string[] | undefined;
}

/** The settings of the app itself: {@link HostConfig} without the process fields. */
export type HostAppConfig = Omit<
  HostConfig,
  | 'port'
  | 'hostname'
  | 'redisUrl'
  | 'redisTlsCaFile'
  | 'redisSentinels'
  | 'redisSentinelMaster'
  | 'requestLog'
  | 'logFormat'
  | 'shutdownDrainMs'
  | 'metrics'
  | 'metricsPort'
>;

/**
 * Fills in the defaults of {@link HostAppOptions} and checks every value, as the environment's
 * (the same rows of HOST_SETTINGS). A missing or invalid setting throws a HostError
 * (`invalid-config`) whose message names the option.
 */
export function resolveHostAppConfig(options: HostAppOptions, cwd = process.cwd()): HostAppConfig {
  const s = HOST_SETTINGS;
  // An empty variable is unset; an empty option is checked as it is.
  const read = <T>(setting: HostSetting<T>, raw: string | undefined, name: string) =>
    setting.parser.read(raw, name, {}, cwd);
  return {
    catalogSource: read(s.catalogSource, options.catalogSource, 'catalogSource'),
    artifactsOrigin: read(s.artifactsOrigin, options.artifactsOrigin, 'artifactsOrigin'),
    esmOrigin: read(s.esmOrigin, options.esmOrigin, 'esmOrigin'),
    revalidationSecret: read(s.revalidationSecret, options.revalidationSecret || undefined, 'revalidationSecret'),
    hostApiVersion: read(s.hostApiVersion, options.hostApiVersion, 'hostApiVersion'),
    fetchTimeoutMs: s.fetchTimeoutMs.parser.readOption(options.fetchTimeoutMs, 'fetchTimeoutMs'),
    maxUpstreamBytes: s.maxUpstreamBytes.parser.readOption(options.maxUpstreamBytes, 'maxUpstreamBytes'),
    cacheMaxBytes: s.cacheMaxBytes.parser.readOption(options.cacheMaxBytes, 'cacheMaxBytes'),
    upstreamConcurrency: s.upstreamConcurrency.parser.readOption(options.upstreamConcurrency, 'upstreamConcurrency'),
    remoteCompiler: read(s.remoteCompiler, options.remoteCompiler, 'remoteCompiler'),
    remoteCompilerEngine: read(s.remoteCompilerEngine, options.remoteCompilerEngine, 'remoteCompilerEngine'),
    compileQuotaConcurrency: s.compileQuotaConcurrency.parser.readOption(
      options.compileQuotaConcurrency,
      'compileQuotaConcurrency',
    ),
    compileQuotaPerMinute: s.compileQuotaPerMinute.parser.readOption(
      options.compileQuotaPerMinute,
      'compileQuotaPerMinute',
    ),
    trustedProxies: read(s.trustedProxies, options.trustedProxies?.join(',') || undefined, 'trustedProxies'),
  };
}

/**
 * Reads and checks the environment, row by row of HOST_SETTINGS. A missing or invalid variable
 * throws a HostError (`invalid-config`) whose message names the variable and what is wrong, in one
 * line.
 */
export function resolveHostConfig(env: HostEnv, cwd = process.cwd()): HostConfig {
  const config: Partial<Record<keyof HostConfig, unknown>> = {};
  for (const [key, setting] of Object.entries(HOST_SETTINGS)) {
    config[key as keyof HostConfig] = setting.parser.read(
      env[setting.variable] || undefined,
      setting.variable,
      config as Partial<HostConfig>,
      cwd,
    );
  }
  return config as HostConfig;
}

/**
 * `LOG_FORMAT` alone (default `text`): the process reads it before the rest, so that an error in
 * any other variable is written in the chosen format. A malformed value throws a HostError
 * (`invalid-config`) naming the variable.
 */
export function resolveLogFormat(env: HostEnv): LogFormat {
  return HOST_SETTINGS.logFormat.parser.read(env.LOG_FORMAT || undefined, 'LOG_FORMAT', {}, '');
}
