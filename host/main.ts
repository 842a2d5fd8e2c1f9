import type { Server } from 'node:http';
import { constants } from 'node:os';
import { serve } from '@hono/node-server';
import { accessLoggedResponse } from './access-log.js';
import { urlSecrets, withoutSecrets } from './cache/redis-url.js';
import { drainAndClose } from './drain-and-close.js';
import { createHostApp } from './host-app.js';
import { resolveHostConfig } from './host-config.js';
import { createProcessLogger } from './process-logger.js';
import type { RedisCacheStore } from './redis.js';
import { stopCompiler } from './remote/remote-compiler.js';

// The host process (docs/design.md "Host process contract"): configuration from the environment,
// one line and exit 1 for a bad variable, the listening line, a drain and a clean shutdown on
// SIGTERM/SIGINT.
// With REDIS_URL the cache is the shared Redis store, connected before the host listens.
// docs/host-process.md: the access lines are batched (one write per 50 ms or 64 KiB under load) and flushed
// before every exit; REMOTE_COMPILER says when esbuild-wasm starts.

const logger = createProcessLogger(process.stdout, process.stderr);
// Every exit path (process.exit included) writes what is still queued: synchronous on Linux.
process.on('exit', () => logger.flushNow());

let config: ReturnType<typeof resolveHostConfig>;
try {
  config = resolveHostConfig(process.env);
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let store: RedisCacheStore | undefined;
if (config.redisUrl !== undefined) {
  try {
    // Loaded only here: a host without Redis does not need ioredis, whose `VerbatimString extends
    // String` makes String.prototype a dictionary in V8 (the store restores it:
    // internal/restore-fast-string-prototype.ts).
    const redisStore = await import('./redis.js');
    // CACHE_MAX_BYTES bounds the values in Redis too, shared by every instance on the prefix.
    store = new redisStore.RedisCacheStore({ url: config.redisUrl, maxBytes: config.cacheMaxBytes, logger });
    await store.connect();
  } catch (error) {
    // RedisCacheError names the server without credentials; anything else loses them here.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`error: ${withoutSecrets(message, urlSecrets(config.redisUrl))}`);
    process.exit(1);
  }
}

if (config.revalidationSecret === undefined) {
  logger.warn('REVALIDATION_SECRET is unset: every POST /api/revalidate will be answered 401');
}

/** The first SIGTERM or SIGINT received: from then on the process drains, then stops. */
let signalled: NodeJS.Signals | undefined;

// The access lines come from the server's responses (accessLoggedResponse): cheaper than the
// app's own middleware, and they cover the answers the app never sees.
const app = createHostApp(config, {
  logger,
  logRequests: false,
  draining: () => signalled !== undefined,
  ...(store ? { store } : {}),
});
const serverOptions = config.requestLog ? { ServerResponse: accessLoggedResponse(logger) } : {};
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.hostname, serverOptions }, (info) => {
  console.log(`host listening on http://${config.hostname}:${info.port}`);
});
server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `error: port ${config.port} is in use on ${config.hostname}; set PORT to another port, or 0 for any`
      : `error: cannot listen on ${config.hostname}:${config.port}: ${error.message}`,
  );
  process.exit(1);
});

// docs/host-process.md "Readiness and drain": a signal makes GET /readyz 503 at once; requests are
// served for SHUTDOWN_DRAIN_MS (a load balancer's probes see the 503 and stop sending), then the
// server closes, the requests in flight finish, Redis and the compiler close, every queued line is
// written, exit 0. A second signal exits at once, 128 + its number, as if it had killed the process.
function shutdown(signal: NodeJS.Signals): void {
  if (signalled !== undefined) {
    logger.warn(`${signal} received while shutting down, exiting now`);
    process.exit(128 + constants.signals[signal]);
  }
  signalled = signal;
  const drainMs = config.shutdownDrainMs;
  logger.info(drainMs > 0 ? `${signal} received, draining for ${drainMs} ms` : `${signal} received, closing`);
  drainAndClose(server as Server, drainMs, () => {
    if (drainMs > 0) logger.info('drained, closing');
    // The requests in flight get 10 s to finish; then the process gives up on them.
    setTimeout(() => process.exit(1), 10_000).unref();
  })
    .then(() => Promise.all([store?.close(), stopCompiler()]))
    .then(
      () => logger.flush().then(() => process.exit(0)),
      () => logger.flush().then(() => process.exit(1)),
    );
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
