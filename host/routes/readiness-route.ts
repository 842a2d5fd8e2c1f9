import { HOST_ROUTES, type ReadinessBody } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import { answerMethodNotAllowed } from './method-not-allowed.js';

export type { DegradedReason, NotReadyReason, ReadinessBody } from '@runtime-component-catalog/contracts';

/** The readiness path (contracts' HOST_ROUTES.ready); `/healthz` stays liveness. */
export const READINESS_PATH = HOST_ROUTES.ready;

// Probes must see the state of now: no cache in between may keep an answer.
const NO_STORE = { 'cache-control': 'no-store' } as const;

/**
 * `GET /readyz`: asks `readiness` at every request (nothing is remembered between probes) and
 * answers its body, 200 when it says ready (degraded or not), else 503. Other methods: 405, as on
 * the other routes.
 */
export function readinessRoute(readiness: () => ReadinessBody): Hono {
  const route = new Hono();
  route.get('/', (c) => {
    const body = readiness();
    return c.json(body, body.ready ? 200 : 503, NO_STORE);
  });
  answerMethodNotAllowed(route, ['/'], ['GET']);
  return route;
}
