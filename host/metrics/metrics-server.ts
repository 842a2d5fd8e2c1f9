import { createServer, type Server } from 'node:http';
import type { HostMetrics } from './host-metrics.js';

/**
 * The server of `METRICS_PORT`: `GET /metrics` (and `HEAD`) answers the Prometheus text, `no-store`;
 * any other path 404 and any other method 405, as JSON errors like the host's. Resolves once it
 * listens on `hostname:port` (0: a free port); rejects with the listen error.
 */
export function startMetricsServer(metrics: HostMetrics, hostname: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    const error = (status: number, message: string, code: string, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
        .end(JSON.stringify({ error: message, code }));
    if (path !== '/metrics') return error(404, 'Not found', 'not-found');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return error(405, 'Method not allowed', 'method-not-allowed', { allow: 'GET, HEAD' });
    metrics.scrape().then(
      ({ text, contentType }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => error(500, 'Internal server error', 'internal-error'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
