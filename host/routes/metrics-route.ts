import { Hono } from 'hono';
import type { HostMetrics } from '../metrics/host-metrics.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';

/**
 * `GET /metrics` on the main port (`METRICS=on`, no `METRICS_PORT`): the Prometheus text format
 * of the moment, `no-store`. Other methods: 405, as on the other routes.
 */
export function metricsRoute(metrics: HostMetrics): Hono {
  const route = new Hono();
  route.get('/', async (c) => {
    const { text, contentType } = await metrics.scrape();
    return c.body(text, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
  });
  answerMethodNotAllowed(route, ['/'], ['GET']);
  return route;
}
