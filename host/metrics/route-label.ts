import { HOST_ROUTES } from '@runtime-component-catalog/contracts';

/** The `route` label of a request: the route it matches, as a template, or `other`. */
export type RouteLabel =
  | '/api/runtime-catalog'
  | '/api/runtime-catalog/:id'
  | '/api/runtime-catalog/:id/:artifact'
  | '/api/revalidate'
  | '/api/remote-component'
  | '/healthz'
  | '/readyz'
  | '/metrics'
  | 'other';

const CATALOG = HOST_ROUTES.runtimeCatalog;
const SLASH = 0x2f;
/** The routes matched as a whole path. */
const EXACT: readonly RouteLabel[] = [
  HOST_ROUTES.revalidate,
  HOST_ROUTES.remoteComponent,
  HOST_ROUTES.health,
  HOST_ROUTES.ready,
  HOST_ROUTES.metrics,
];

/**
 * The route of a request target as Node gives it (`/api/runtime-catalog/hero1?x`, or the absolute
 * form `http://host/path`): a fixed set of labels, so that a client cannot grow the metrics with
 * paths of its own. It runs for every answer, so it reads positions and character codes and
 * allocates nothing: no substring, no `startsWith` at an offset. Its share of a request is part of
 * the metrics' row (docs/host-metrics.md "Cost", `npm run bench -- METRICS`).
 */
export function routeLabel(target: string): RouteLabel {
  let start = 0;
  if (target.charCodeAt(0) !== SLASH) {
    const scheme = target.indexOf('://');
    if (scheme === -1) return 'other';
    start = target.indexOf('/', scheme + 3);
    const query = target.indexOf('?', scheme + 3);
    if (start === -1 || (query !== -1 && query < start)) return 'other';
  }
  let end = target.indexOf('?', start);
  if (end === -1) end = target.length;
  if (startsAt(target, CATALOG, start)) {
    const after = start + CATALOG.length;
    if (after === end) return '/api/runtime-catalog';
    if (target.charCodeAt(after) !== SLASH || after + 1 === end) return 'other';
    const slash = target.indexOf('/', after + 1);
    if (slash === -1 || slash >= end) return '/api/runtime-catalog/:id';
    if (slash === after + 1 || slash === end - 1) return 'other';
    const third = target.indexOf('/', slash + 1);
    return third === -1 || third >= end ? '/api/runtime-catalog/:id/:artifact' : 'other';
  }
  const length = end - start;
  for (const route of EXACT) if (route.length === length && startsAt(target, route, start)) return route;
  return 'other';
}

/** Whether `text` has `prefix` at `at`. */
function startsAt(text: string, prefix: string, at: number): boolean {
  if (text.length - at < prefix.length) return false;
  for (let index = 0; index < prefix.length; index += 1)
    if (text.charCodeAt(at + index) !== prefix.charCodeAt(index)) return false;
  return true;
}
