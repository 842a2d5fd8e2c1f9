import { performance } from 'node:perf_hooks';
import { type ErrorBody, HOST_ROUTES, type HostErrorCode } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import pLimit from 'p-limit';
import { accessLine, printable, tenths } from './access-log.js';
import { createArtifactLoader } from './artifact-loader.js';
import type { CacheStore } from './cache/cache-store.js';
import { MemoryCacheStore } from './cache/memory-cache-store.js';
import { RedisCacheError } from './cache/redis-cache-error.js';
import type { RedisClientHandle } from './cache/redis-client-handle.js';
import { TaggedCache } from './cache/tagged-cache.js';
import { createCatalogReader } from './catalog-source.js';
import { type HostAppConfig, type HostAppOptions, resolveHostAppConfig } from './host-config.js';
import { HostError } from './host-error.js';
import { type Logger, silentLogger } from './logger.js';
import type { HostMetrics } from './metrics/host-metrics.js';
import { ClientAddresses } from './remote/client-address.js';
import { CompileQuotas } from './remote/compile-quotas.js';
import { assertCompilerEngineInstalled, compilerEngine } from './remote/compiler-engines.js';
import { EsmUrlPolicy } from './remote/esm-url-policy.js';
import { RemoteCompiler } from './remote/remote-compiler.js';
import { RemoteComponents } from './remote/remote-components.js';
import { TooManyCompilesError } from './remote/too-many-compiles-error.js';
import { CORS_HEADERS } from './routes/cors-headers.js';
import { metricsRoute } from './routes/metrics-route.js';
import { READINESS_PATH, type ReadinessBody, readinessRoute } from './routes/readiness-route.js';
import { remoteComponentRoute } from './routes/remote-component-route.js';
import { revalidateRoute } from './routes/revalidate-route.js';
import { runtimeCatalogRoutes } from './routes/runtime-catalog-routes.js';
import { RuntimeCatalog } from './runtime-catalog.js';

/** What {@link createHostApp} needs besides its configuration. */
export interface HostAppDependencies {
  /** Where cached values live; default: an in-process store of `config.cacheMaxBytes`. Its owner closes it. */
  readonly store?: CacheStore;
  /** Default: silent. Never receives the revalidation secret or any request header. */
  readonly logger?: Logger;
  /** One access line per request to `logger` (method, path, status, time). Default: true when a logger is given. */
  readonly logRequests?: boolean;
  /**
   * Whether the process is draining before it stops: `GET /readyz` then answers 503 `draining`
   * (`catalog-host` from its SIGTERM/SIGINT on). Default: never.
   */
  readonly draining?: () => boolean;
  /** @deprecated Same as the option `remoteCompiler: 'eager'` (which wins when both are given). */
  readonly warmUpCompiler?: boolean;
  /**
   * The process's Prometheus metrics (docs/host-metrics.md "Metrics"): the app reports its cache
   * lookups, origin fetches, compiles and revalidations to it, and answers `GET /metrics` from it
   * unless `serveMetrics` is false (`METRICS_PORT` serves them elsewhere). The answers themselves
   * are counted by the process's `ServerResponse`, which sees every one.
   */
  readonly metrics?: HostMetrics;
  /** Default true when `metrics` is given. */
  readonly serveMetrics?: boolean;
  /**
   * The Redis connection on which each client's compile quotas are counted for the whole cluster
   * (docs/compile-quotas.md); `catalog-host` passes the Redis store's. Default: counted in this
   * process. Its owner closes it.
   */
  readonly compileQuotaRedis?: RedisClientHandle;
}

/** Limits of one remote module graph (docs/design.md): 200 modules, 5 MiB of source, 5 redirects. */
export const REMOTE_GRAPH_LIMITS = {
  /** Modules in one graph. */
  maxModules: 200,
  /** Bytes of source in one graph (5 MiB). */
  maxSourceBytes: 5 * 1024 * 1024,
  /** Redirects followed for one fetch. */
  maxRedirects: 5,
} as const;

/**
 * The host as a Hono app that others can mount or serve: the runtime catalog routes, the
 * revalidation endpoint, the health and readiness checks, with errors mapped in exactly one
 * place. Settings left out take their defaults; an invalid one throws a HostError
 * (`invalid-config`) naming it.
 */
export function createHostApp(options: HostAppOptions, dependencies: HostAppDependencies = {}): Hono {
  const config: HostAppConfig = resolveHostAppConfig(options);
  const logger = dependencies.logger ?? silentLogger;
  const store: CacheStore = dependencies.store ?? new MemoryCacheStore({ maxBytes: config.cacheMaxBytes });
  const { metrics } = dependencies;
  const upstream = { timeoutMs: config.fetchTimeoutMs, maxBytes: config.maxUpstreamBytes };
  const cache = new TaggedCache(store, metrics);
  const runtimeCatalog = new RuntimeCatalog({
    cache,
    readCatalog: createCatalogReader(config.catalogSource, { ...upstream, observer: metrics?.origin('catalog') }),
    loadArtifact: createArtifactLoader({
      ...upstream,
      observer: metrics?.origin('artifacts'),
      limit: pLimit(config.upstreamConcurrency),
      artifactsOrigin: config.artifactsOrigin,
    }),
    artifactsOrigin: config.artifactsOrigin,
    esmOrigin: config.esmOrigin,
  });

  // docs/host-compiler.md: the compiler starts at start (eager), on the first compile (lazy, the
  // default) or never (off: the route answers 501 remote-compiler-off, nothing is loaded); its
  // engine (esbuild-wasm, or native esbuild when installed) is checked now unless it is off.
  const compilerMode =
    options.remoteCompiler === undefined && dependencies.warmUpCompiler ? 'eager' : config.remoteCompiler;
  if (compilerMode !== 'off') assertCompilerEngineInstalled(config.remoteCompilerEngine, 'remoteCompilerEngine');
  const engine = compilerEngine(config.remoteCompilerEngine);
  const policy = new EsmUrlPolicy(config.esmOrigin);
  const remoteComponents =
    compilerMode === 'off'
      ? undefined
      : new RemoteComponents({
          cache,
          policy,
          runtimeCatalog,
          esmOrigin: config.esmOrigin,
          compiler: new RemoteCompiler(
            policy,
            { ...REMOTE_GRAPH_LIMITS, fetchTimeoutMs: config.fetchTimeoutMs, observer: metrics?.origin('esm') },
            engine,
          ),
          observer: metrics,
          // docs/compile-quotas.md: each client's cold compiles, bounded in flight and per minute.
          quotas: new CompileQuotas({
            concurrency: config.compileQuotaConcurrency,
            perMinute: config.compileQuotaPerMinute,
            redis: dependencies.compileQuotaRedis,
          }),
        });
  if (compilerMode === 'eager') {
    engine
      .ready()
      .catch((error: unknown) =>
        logger.error({ engine: engine.label }, `${engine.label} warm-up failed: ${String(error)}`),
      );
  }

  const app = new Hono();
  if (dependencies.logRequests ?? dependencies.logger !== undefined)
    app.use(async function requestLog(c, next) {
      const started = performance.now();
      await next();
      const answer = {
        method: c.req.method,
        target: c.req.path,
        status: c.res.status,
        ms: performance.now() - started,
      };
      logger.info(
        { method: answer.method, path: answer.target, status: answer.status, ms: tenths(answer.ms) },
        accessLine(answer),
      );
    });
  // With a shared store, whether this instance hears the invalidation bus now (docs/cache.md
  // "What an operator monitors"); the in-process store's answer stays `{"ok": true}`.
  const { shared } = store;
  app.get(HOST_ROUTES.health, (c) => c.json(shared ? { ok: true, bus: shared.busStatus() } : { ok: true }));
  // Readiness (docs/host-process.md "Readiness and drain"): unready only while draining; a shared
  // store that cannot be used degrades the instance, which reads from the origins (docs/cache-outages.md
  // "Degraded reads"), and does not take it out of the load balancer.
  const draining = dependencies.draining ?? (() => false);
  const readiness = (): ReadinessBody => {
    if (draining()) return { ready: false, reason: 'draining' };
    return shared?.unavailableReason() === undefined ? { ready: true } : { ready: true, degraded: 'redis-unavailable' };
  };
  app.route(READINESS_PATH, readinessRoute(readiness));
  if (metrics !== undefined) {
    metrics.watch({ store, readiness });
    if (dependencies.serveMetrics ?? true) app.route(HOST_ROUTES.metrics, metricsRoute(metrics));
  }
  app.route(HOST_ROUTES.runtimeCatalog, runtimeCatalogRoutes(runtimeCatalog, config.hostApiVersion));
  app.route(HOST_ROUTES.revalidate, revalidateRoute(runtimeCatalog, config.revalidationSecret, metrics));
  app.route(
    HOST_ROUTES.remoteComponent,
    remoteComponentRoute(remoteComponents, new ClientAddresses(config.trustedProxies)),
  );
  app.notFound((c) => c.json(errorBody('Not found', 'not-found'), 404, CORS_HEADERS));
  app.onError((error, c) => {
    // A shared store that Redis failed: 503 for this request; the store logs each burst once.
    if (error instanceof RedisCacheError) {
      return c.json(errorBody(error.message, error.code), error.status as 503, CORS_HEADERS);
    }
    // A client past its compile quotas: 429 with when to come back, readable cross-origin.
    if (error instanceof TooManyCompilesError) {
      return c.json(errorBody(error.message, error.code), 429, {
        ...CORS_HEADERS,
        'access-control-expose-headers': `${CORS_HEADERS['access-control-expose-headers']}, retry-after`,
        'retry-after': String(error.retryAfterSeconds),
      });
    }
    if (error instanceof HostError) {
      // An upstream or server fault is worth a line; a compiler switched off by configuration is not.
      if (error.status >= 500 && error.code !== 'remote-compiler-off')
        logger.warn(
          { method: c.req.method, path: c.req.path, code: error.code },
          `${printable(c.req.method)} ${printable(c.req.path)}: ${error.message}`,
        );
      return c.json(errorBody(error.message, error.code), error.status as 400, CORS_HEADERS);
    }
    logger.error(
      { method: c.req.method, path: c.req.path, code: 'internal-error' },
      `${printable(c.req.method)} ${printable(c.req.path)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json(errorBody('Internal server error', 'internal-error'), 500, CORS_HEADERS);
  });
  return app;
}

/** A JSON error body of the HTTP contract. */
function errorBody(error: string, code: HostErrorCode): ErrorBody {
  return { error, code };
}
