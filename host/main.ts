import { serve } from '@hono/node-server';
import { createHostApp } from './host-app.js';
import { resolveHostConfig } from './host-config.js';
import { HostError } from './host-error.js';
import type { Logger } from './logger.js';

// The host process (design.md "Host process contract"): configuration from the environment,
// one line and exit 1 for a bad variable, the listening line, clean shutdown on SIGTERM/SIGINT.

const logger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(`warning: ${message}`),
  error: (message) => console.error(`error: ${message}`),
};

let config: ReturnType<typeof resolveHostConfig>;
try {
  config = resolveHostConfig(process.env);
  if (config.redisUrl !== undefined) {
    throw new HostError('invalid-config', 'REDIS_URL is set, but this build has only the in-process cache store');
  }
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

if (config.revalidationSecret === undefined) {
  logger.warn('REVALIDATION_SECRET is unset: every POST /api/revalidate will be answered 401');
}

const app = createHostApp(config, { logger, warmUpCompiler: true });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.hostname }, (info) => {
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

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, closing`);
  // Finish requests in flight, close idle keep-alive sockets, and give up after 10 s.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(() => process.exit(0));
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
