import { HOST_ROUTES, type NotReadyReason, type ReadinessBody } from '@runtime-component-catalog/contracts';
import { Hono } from 'hono';
import { answerMethodNotAllowed } from './method-not-allowed.js';

export type { NotReadyReason, ReadinessBody } from '@runtime-component-catalog/contracts';

/** The readiness path (contracts' HOST_ROUTES.ready); `/healthz` stays liveness. */
export const READINESS_PATH = HOST_ROUTES.ready;

// Probes must see the state of now: no cache in between may keep an answer.
const NO_STORE = { 'cache-control': 'no-store' } as const;

/**
 * `GET /readyz`: asks `notReadyReason` at every request (nothing is remembered between probes)
 * and answers 200 `{"ready": true}` when it returns nothing, else 503 `{"ready": false, "reason"}`.
 * Other methods: 405, as on the other routes.
 */
export function readinessRoute(notReadyReason: () => NotReadyReason | undefined): Hono {
  const route = new Hono();
  route.get('/', (c) => {
    const reason = notReadyReason();
    return reason === undefined
      ? c.json({ ready: true } satisfies ReadinessBody, 200, NO_STORE)
      : c.json({ ready: false, reason } satisfies ReadinessBody, 503, NO_STORE);
  });
  answerMethodNotAllowed(route, ['/'], ['GET']);
  return route;
}
