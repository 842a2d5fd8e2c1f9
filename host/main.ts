import { readFileSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants } from 'node:os';
import { serve } from '@hono/node-server';
import { type AnswerObserver, observeAll, observedResponse } from './answer-observer.js';
import { urlSecrets, withoutSecrets } from './cache/redis-url.js';
import { drainAndClose } from './drain-and-close.js';
import { createHostApp } from './host-app.js';
import { type LogFormat, resolveHostConfig, resolveLogFormat } from './host-config.js';
import { BatchedLineWriter } from './internal/batched-line-writer.js';
import { HostMetrics } from './metrics/host-metrics.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { createProcessLogger } from './process-logger.js';
import type { RedisCacheStore } from './redis.js';
import { assertCompilerEngineInstalled, stopCompiler } from './remote/compiler-engines.js';
import { RequestIdResponse } from './request-id-response.js';
import { ServerConnections } from './server-connections.js';

// The host process (docs/design.md "Host process contract"): configuration from the environment,
// one line and exit 1 for a bad variable, the listening line, a drain and a clean shutdown on
// SIGTERM/SIGINT.
// With REDIS_URL the cache is the shared Redis store, connected before the host listens.
// docs/host-logs.md: the lines are batched (one write per 100 ms or 1 Mi characters under load) and
// flushed before every exit; REMOTE_COMPILER says when esbuild-wasm starts. Every line the process prints
// goes through the one logger, in LOG_FORMAT (text, or one JSON record a line); every request has
// an id (x-request-id), answered, logged and sent on the origin fetches it causes.

// LOG_FORMAT first, so that an error in any other variable is written in the chosen format.
let logFormat: LogFormat = 'text';
let formatError: unknown;
try {
  logFormat = resolveLogFormat(process.env);
} catch (error) {
  formatError = error;
}
const logger = createProcessLogger({
  format: logFormat,
  stdout: new BatchedLineWriter(process.stdout),
  stderr: process.stderr,
});
// Every exit path (process.exit included) writes what is still queued: synchronous on Linux.
process.on('exit', () => logger.flushSync());

let config: ReturnType<typeof resolveHostConfig>;
try {
  if (formatError !== undefined) throw formatError;
  config = resolveHostConfig(process.env);
  // REMOTE_COMPILER_ENGINE=native without the esbuild package: this line now, not a failed compile
  // later; with REMOTE_COMPILER=off no engine is loaded, so none is needed (docs/host-compiler.md).
  if (config.remoteCompiler !== 'off')
    assertCompilerEngineInstalled(config.remoteCompilerEngine, 'REMOTE_COMPILER_ENGINE');
} catch (error) {
  logger.error(fieldsOf(error), error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let store: RedisCacheStore | undefined;
if (config.redisUrl !== undefined || config.redisSentinels !== undefined) {
  const redisUrl = config.redisUrl ?? 'redis://';
  try {
    // Loaded only here: a host without Redis does not need ioredis, whose `VerbatimString extends
    // String` makes String.prototype a dictionary in V8 (the store restores it:
    // internal/restore-fast-string-prototype.ts).
    const redisStore = await import('./redis.js');
    // CACHE_MAX_BYTES bounds the values in Redis too, shared by every instance on the prefix.
    // REDIS_TLS_CA_FILE: the CA that signed a private Redis's TLS certificate (docs/deploy.md).
    const tlsCa = config.redisTlsCaFile === undefined ? undefined : readFileSync(config.redisTlsCaFile, 'utf8');
    // REDIS_SENTINELS: the master is asked of the Sentinels, and followed through a failover.
    store = new redisStore.RedisCacheStore({
      url: redisUrl,
      tlsCa,
      ...(config.redisSentinels === undefined
        ? {}
        : { sentinels: config.redisSentinels, sentinelMaster: config.redisSentinelMaster as string }),
      maxBytes: config.cacheMaxBytes,
      logger,
    });
    await store.connect();
  } catch (error) {
    // RedisCacheError names the server without credentials; anything else loses them here.
    const message = error instanceof Error ? error.message : String(error);
    logger.error(fieldsOf(error), withoutSecrets(message, urlSecrets(redisUrl)));
    process.exit(1);
  }
}

if (config.revalidationSecret === undefined) {
  logger.warn(
    { setting: 'REVALIDATION_SECRET' },
    'REVALIDATION_SECRET is unset: every POST /api/revalidate will be answered 401',
  );
}

/** The first SIGTERM or SIGINT received: from then on the process drains, then stops. */
let signalled: NodeJS.Signals | undefined;

// METRICS=on (the default): one registry for the process (docs/host-metrics.md "Metrics").
const metrics = config.metrics ? new HostMetrics() : undefined;
let metricsServer: { server: Server; connections: ServerConnections } | undefined;
if (metrics !== undefined && config.metricsPort !== undefined) {
  try {
    // Tracked from here on: nothing runs between the listening callback and this line.
    const listening = await startMetricsServer(metrics, config.hostname, config.metricsPort);
    metricsServer = { server: listening, connections: new ServerConnections(listening) };
  } catch (error) {
    logger.error(
      { setting: 'METRICS_PORT', port: config.metricsPort, code: (error as NodeJS.ErrnoException).code },
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `METRICS_PORT ${config.metricsPort} is in use on ${config.hostname}; set METRICS_PORT to another port, or 0 for any`
        : `cannot listen on ${config.hostname}:${config.metricsPort} (METRICS_PORT): ${String(error)}`,
    );
    process.exit(1);
  }
  const { port } = metricsServer.server.address() as AddressInfo;
  logger.info({ port }, `metrics on http://${config.hostname}:${port}/metrics`);
}

// The access lines come from the server's responses (observedResponse): cheaper than the app's
// own middleware, and they cover the answers the app never sees.
const app = createHostApp(config, {
  logger,
  logRequests: false,
  draining: () => signalled !== undefined,
  ...(store ? { store, compileQuotaRedis: store.commandConnection } : {}),
  ...(metrics ? { metrics, serveMetrics: metricsServer === undefined } : {}),
});
// Every response is a RequestIdResponse (x-request-id on every answer). The access log and the
// request metrics hear of every answer from it as it ends: the routes pass the id on to the origin
// fetches they cause (routes/request-id-of-context.ts).
const observers: AnswerObserver[] = [
  ...(config.requestLog ? [logger.accessLog] : []),
  ...(metrics !== undefined ? [metrics] : []),
];
const observer = observeAll(observers);
const serverOptions = {
  ServerResponse: observer === undefined ? (RequestIdResponse as typeof ServerResponse) : observedResponse(observer),
};
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.hostname, serverOptions }, (info) => {
  // The message is a contract: scripts and tests match `host listening on http://…` as it is.
  logger.info(
    { hostname: config.hostname, port: info.port },
    `host listening on http://${config.hostname}:${info.port}`,
  );
  // Out at once, not with the next batch: scripts and tests wait for this line.
  logger.flushSync();
});
// Every connection from the first one, for the shutdown (drain-and-close.ts).
const connections = new ServerConnections(server as Server);
server.once('error', (error: NodeJS.ErrnoException) => {
  logger.error(
    { setting: 'PORT', port: config.port, code: error.code },
    error.code === 'EADDRINUSE'
      ? `port ${config.port} is in use on ${config.hostname}; set PORT to another port, or 0 for any`
      : `cannot listen on ${config.hostname}:${config.port}: ${error.message}`,
  );
  process.exit(1);
});

// docs/host-process.md "Readiness and drain": a signal makes GET /readyz 503 at once; requests are
// served for SHUTDOWN_DRAIN_MS (a load balancer's probes see the 503 and stop sending), then the
// server closes, the requests in flight finish, Redis and the compiler close, every queued line is
// written, exit 0. A second signal exits at once, 128 + its number, as if it had killed the process.
function shutdown(signal: NodeJS.Signals): void {
  if (signalled !== undefined) {
    logger.warn({ signal }, `${signal} received while shutting down, exiting now`);
    process.exit(128 + constants.signals[signal]);
  }
  signalled = signal;
  const drainMs = config.shutdownDrainMs;
  logger.info(
    { signal, drainMs },
    drainMs > 0 ? `${signal} received, draining for ${drainMs} ms` : `${signal} received, closing`,
  );
  drainAndClose(server as Server, connections, drainMs, () => {
    if (drainMs > 0) logger.info({ drainMs }, 'drained, closing');
    // The fallback: the requests in flight (whose heads were complete) get 10 s to finish, on
    // both ports; then the process gives up on them. No other connection waits for it.
    setTimeout(() => process.exit(1), 10_000).unref();
  })
    .then(() =>
      Promise.all([
        store?.close(),
        stopCompiler(),
        // No drain of its own: its scrapes were served while the main port drained.
        metricsServer && drainAndClose(metricsServer.server, metricsServer.connections, 0),
      ]),
    )
    .then(
      () => logger.flush().then(() => process.exit(0)),
      () => logger.flush().then(() => process.exit(1)),
    );
}

/** The fields of a start-up error: its stable code, when it has one (`invalid-config`, Redis's). */
function fieldsOf(error: unknown): { code?: string } {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? { code } : {};
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
