// Each setting of the host is declared once, as a row of HOST_SETTINGS: its variable, its parser
// (which holds the default and the check), what it means, and what production sets. The resolvers
// of host-config.ts read the rows; host-config.test.ts holds the tables of variables of README.md,
// host/README.md and docs/deploy.md to them.
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { HOST_API_VERSION } from '@runtime-component-catalog/contracts';
import semver from 'semver';
import type { HostConfig, LogFormat, RemoteCompilerEngine, RemoteCompilerMode } from './host-config.js';
import {
  catalogSource,
  choice,
  integer,
  invalidSetting,
  onOff,
  optional,
  origin,
  parser,
  required,
  type SettingParser,
  text,
} from './setting-parsers.js';

/** The values of `REMOTE_COMPILER`, in the order its error message lists them. */
export const REMOTE_COMPILER_MODES: readonly RemoteCompilerMode[] = ['eager', 'lazy', 'off'];

/** The values of `REMOTE_COMPILER_ENGINE`, in the order its error message lists them. */
export const REMOTE_COMPILER_ENGINES: readonly RemoteCompilerEngine[] = ['wasm', 'native'];

/** The values of `LOG_FORMAT`, in the order its error message lists them. */
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

/** One row of the host's table of variables. */
export interface HostSetting<T> {
  /** The environment variable. */
  readonly variable: string;
  /** How its value is read, checked and defaulted. */
  readonly parser: SettingParser<T>;
  /** What it does (the tables of README.md and host/README.md). */
  readonly meaning: string;
  /** What a production deployment sets, and why (docs/deploy.md); absent: not listed there. */
  readonly production?: readonly [inProduction: string, why: string];
}

const PORT_RANGE = [0, 65_535] as const;

/** `TRUSTED_PROXIES`: IP addresses or CIDR blocks, comma-separated. */
function parseTrustedProxies(raw: string, name: string): readonly string[] {
  return raw.split(',').map((part) => {
    const entry = part.trim();
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const valid =
      family !== 0 &&
      rest.length === 0 &&
      (prefix === undefined || (/^\d{1,3}$/.test(bits ?? '') && prefix <= (family === 4 ? 32 : 128)));
    if (!valid) throw invalidSetting(name, `must be IP addresses or CIDR blocks separated by commas, got "${entry}"`);
    return entry;
  });
}

/** `REDIS_SENTINELS`: `host:port` pairs, comma-separated (IPv6 hosts in brackets). */
function parseSentinels(raw: string, name: string): readonly { host: string; port: number }[] {
  return raw.split(',').map((part) => {
    const match = /^\s*(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):(\d{1,5})\s*$/.exec(part);
    const port = Number(match?.[2]);
    if (match === null || port < 1 || port > 65_535)
      throw invalidSetting(name, `must be host:port pairs separated by commas, got "${part.trim()}"`);
    return { host: (match[1] as string).replace(/^\[(.*)\]$/, '$1'), port };
  });
}
/** A port's check without a default: `METRICS_PORT`'s. */
const PORT_NUMBER = integer(0, PORT_RANGE);

/**
 * The host's settings, in the order the README lists them and they are checked: with several
 * variables wrong, the first one's line is printed (REDIS_URL first, where the host has checked it
 * since it was added, so that this line does not change).
 */
export const HOST_SETTINGS = {
  redisUrl: {
    variable: 'REDIS_URL',
    parser: optional((raw, name) => {
      if (!/^rediss?:\/\//.test(raw)) throw invalidSetting(name, 'must start with redis:// or rediss://');
      return raw;
    }),
    meaning: '`redis://…`/`rediss://…`: the cache shared by several host instances',
    production: [
      '`rediss://…` with two instances or more',
      'the shared cache and the invalidation bus; one Redis (not Redis Cluster)',
    ],
  },
  redisTlsCaFile: {
    variable: 'REDIS_TLS_CA_FILE',
    parser: optional((raw, name, before) => {
      if (!before.redisUrl?.startsWith('rediss://')) throw invalidSetting(name, 'needs a REDIS_URL of rediss://');
      if (!existsSync(raw)) throw invalidSetting(name, `names no file: ${raw}`);
      return raw;
    }),
    meaning: "PEM file of the CA that signed Redis's TLS certificate (with `rediss://`); unset: the system's CAs",
    production: [
      'the CA file of a private Redis TLS (a managed Redis with a public CA needs none)',
      'the host checks the server certificate against it; never turned off',
    ],
  },
  redisSentinels: {
    variable: 'REDIS_SENTINELS',
    parser: optional((raw, name) => parseSentinels(raw, name)),
    meaning:
      '`host:port,…` of Redis Sentinels: the cache follows a failover (`REDIS_URL` then gives only credentials, db, TLS)',
    production: [
      "the Sentinels (three or more) of a self-run Redis with a replica; unset with a managed Redis's single endpoint",
      'the hosts follow a failover by themselves; a revalidation is never lost to one (docs/cache.md)',
    ],
  },
  redisSentinelMaster: {
    variable: 'REDIS_SENTINEL_MASTER',
    parser: parser('unset', (raw, name, before) => {
      if (raw === undefined && before.redisSentinels !== undefined)
        throw invalidSetting(name, 'is required with REDIS_SENTINELS');
      if (raw !== undefined && before.redisSentinels === undefined) throw invalidSetting(name, 'needs REDIS_SENTINELS');
      return raw;
    }),
    meaning: 'the name the Sentinels know the master by (required with `REDIS_SENTINELS`)',
  },
  port: {
    variable: 'PORT',
    parser: integer(8787, PORT_RANGE),
    meaning: 'listening port; `0` picks a free one (printed)',
    production: ["the load balancer's target port", ''],
  },
  hostname: {
    variable: 'HOST',
    parser: text('127.0.0.1'),
    meaning: 'listening address',
    production: ['`0.0.0.0`', 'the default `127.0.0.1` is unreachable from outside a container or a VM'],
  },
  catalogSource: {
    variable: 'CATALOG_SOURCE',
    parser: required(catalogSource),
    meaning: 'a local catalog JSON file, or the http(s) URL of the lightweight remote catalog',
    production: [
      '`https://<artifacts CDN>/catalog.json`',
      'the catalog publish writes, read through the cache (revalidated with every publish)',
    ],
  },
  artifactsOrigin: {
    variable: 'ARTIFACTS_ORIGIN',
    parser: required(origin),
    meaning: '`{artifacts_origin}`; may carry a path, kept without a trailing slash',
    production: [
      'the artifacts CDN URL',
      'with `ESM_ORIGIN`, the only origins the host fetches from; a redirect elsewhere is refused',
    ],
  },
  esmOrigin: {
    variable: 'ESM_ORIGIN',
    parser: required(origin),
    meaning: '`{esm_origin}`; the only origin remote-component fetches from',
    production: ['the ESM CDN URL', 'the only origin of remote components; a redirect elsewhere is refused'],
  },
  revalidationSecret: {
    variable: 'REVALIDATION_SECRET',
    parser: optional((raw) => raw),
    meaning: 'secret of `POST /api/revalidate`; unset or empty: every request gets 401',
    production: [
      "a long random secret, the same on every instance and in CI's `HOST_REVALIDATION_SECRET`",
      'unset: every revalidation is refused (401)',
    ],
  },
  hostApiVersion: {
    variable: 'HOST_API_VERSION',
    parser: parser('package version', (raw, name) => {
      const version = raw || HOST_API_VERSION;
      if (semver.valid(version) === null) throw invalidSetting(name, `must be a semantic version, got "${version}"`);
      return version;
    }),
    meaning: "what entries' `hostApi` ranges are checked against",
  },
  fetchTimeoutMs: {
    variable: 'FETCH_TIMEOUT_MS',
    parser: integer(10_000, [1, 600_000]),
    meaning: 'time-out of one origin read, body included',
  },
  maxUpstreamBytes: {
    variable: 'MAX_UPSTREAM_BYTES',
    parser: integer(5 * 1024 * 1024, [1, 2 ** 31]),
    meaning: 'largest artifact or catalog body accepted',
  },
  cacheMaxBytes: {
    variable: 'CACHE_MAX_BYTES',
    parser: integer(128 * 1024 * 1024, [1024, 2 ** 40]),
    meaning: 'bound of the cached values and their tags, in process or in Redis (least recently used goes first)',
    production: ['the same on every instance', 'with Redis it bounds the values of all instances together'],
  },
  upstreamConcurrency: {
    variable: 'UPSTREAM_CONCURRENCY',
    parser: integer(64, [1, 10_000]),
    meaning: 'origin fetches in flight at once',
  },
  remoteCompiler: {
    variable: 'REMOTE_COMPILER',
    parser: choice(REMOTE_COMPILER_MODES, 'lazy'),
    meaning: 'when esbuild-wasm (a ~250 MiB child) starts: on first compile, `eager` at start, `off` never (501)',
    production: [
      '`lazy` (default); `eager` on instances that compile often; `off` where editors never ask for remote components',
      'memory: see Sizing',
    ],
  },
  // Checked even with REMOTE_COMPILER=off, which then loads no engine (and needs no native esbuild).
  remoteCompilerEngine: {
    variable: 'REMOTE_COMPILER_ENGINE',
    parser: choice(REMOTE_COMPILER_ENGINES, 'wasm'),
    meaning:
      "`native`: compile with the optional peer `esbuild` (install it at esbuild-wasm's version; missing: exit 1)",
    production: [
      '`native` with `esbuild` installed at the version of esbuild-wasm (`npm ls esbuild-wasm`); `wasm` (default) otherwise',
      'faster compiles and a child of about 13 MiB instead of 290 (see Sizing); `native` without the package: exit 1 at start',
    ],
  },
  compileQuotaConcurrency: {
    variable: 'COMPILE_QUOTA_CONCURRENCY',
    parser: integer(2, [1, 1_000]),
    meaning:
      'cold compiles one client may have in flight at once (cluster-wide with Redis); past it: 429, `Retry-After: 1`',
  },
  compileQuotaPerMinute: {
    variable: 'COMPILE_QUOTA_PER_MINUTE',
    parser: integer(60, [1, 1_000_000]),
    meaning:
      'cold compiles one client may start a minute, in windows of 10 s or more, cluster-wide; past it: 429, `Retry-After`',
  },
  trustedProxies: {
    variable: 'TRUSTED_PROXIES',
    parser: optional((raw, name) => parseTrustedProxies(raw, name)),
    meaning:
      "comma-separated addresses or CIDRs of proxies whose `x-forwarded-for` names the client; unset: the socket's address",
    production: [
      'the addresses of the load balancer (or its subnet)',
      'without it every client behind the balancer is one client to the compile quotas',
    ],
  },
  requestLog: {
    variable: 'REQUEST_LOG',
    parser: onOff(true),
    meaning: 'one access line per request on stdout (method, path, status, time); `off`: none',
    production: ['`on` (default)', 'one access line per answer; `off` if the load balancer logs requests already'],
  },
  logFormat: {
    variable: 'LOG_FORMAT',
    parser: choice(LOG_FORMATS, 'text'),
    meaning: '`text`: plain text lines; `json`: one pino record a line on stdout (`level`, `time`, its fields, `msg`)',
    production: [
      '`json`',
      'pino-compatible lines: `level`, `time`, `msg`, and `method`, `path`, `status`, `ms`, `requestId` for access lines',
    ],
  },
  shutdownDrainMs: {
    variable: 'SHUTDOWN_DRAIN_MS',
    // docs/host-process.md "Readiness and drain": a load balancer probing /readyz every 1-2 s with a threshold of
    // 2 or 3 has stopped sending within 5 s; and 5 s leaves docker stop's 10 s for the requests in flight.
    parser: integer(5_000, [0, 600_000]),
    meaning: 'after SIGTERM/SIGINT: `/readyz` 503 and requests still served this long, then close; `0`: none',
    production: [
      "at least the readiness probe's period × its failure threshold, plus a second",
      'the balancer must see the 503 before the port closes',
    ],
  },
  metrics: {
    variable: 'METRICS',
    parser: onOff(true),
    meaning: 'Prometheus metrics at `GET /metrics` (text format); `off`: none, and `/metrics` answers 404',
  },
  metricsPort: {
    variable: 'METRICS_PORT',
    // Only with METRICS on, and not the main port unless either is 0 (any free port).
    parser: optional((raw, name, before) => {
      if (!before.metrics) throw invalidSetting(name, 'is set while METRICS is off: unset one of them');
      const port = PORT_NUMBER.read(raw, name, before, '');
      if (port !== 0 && port === before.port) throw invalidSetting(name, `must differ from PORT (${before.port})`);
      return port;
    }),
    meaning: 'serve `/metrics` on this port of `HOST` instead (the main port then answers it 404); `0`: any',
    production: ['a port the load balancer does not forward', '`/metrics` off the public port'],
  },
} satisfies { readonly [K in keyof HostConfig]: HostSetting<HostConfig[K]> };
