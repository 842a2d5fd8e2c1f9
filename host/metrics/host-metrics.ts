import type { ReadinessBody } from '@runtime-component-catalog/contracts';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Answer, AnswerObserver } from '../answer-observer.js';
import { CACHE_KINDS, type CacheKind, type CacheObserver } from '../cache/cache-observer.js';
import type { CacheStore } from '../cache/cache-store.js';
import type { OriginFetchObserver } from '../internal/origin-fetch-observer.js';
import type { CompileObserver } from '../remote/compile-observer.js';
import type { RevalidationKind, RevalidationObserver, RevalidationResult } from '../routes/revalidation-observer.js';
import { type CounterSeries, FastCounter } from './fast-counter.js';
import { FastHistogram, type HistogramSeries } from './fast-histogram.js';
import { type RouteLabel, routeLabel } from './route-label.js';
import { SampledMetric } from './sampled-metric.js';

/** Which origin a fetch went to (the `origin` label). */
export type OriginLabel = 'catalog' | 'artifacts' | 'esm';

/** Request durations, in seconds: from half a millisecond (a warm entry) to 10 s (the fetch time-out). */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Origin fetches: a local store answers in a millisecond, a far one in hundreds. */
const FETCH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Compiles: 20 ms (native, small) to seconds (esbuild-wasm's first, a big graph). */
const COMPILE_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What the readiness gauges read (createHostApp hands them over). */
export interface ReadinessSources {
  readonly store: CacheStore;
  /** What `GET /readyz` answers now. */
  readiness(): ReadinessBody;
}

/**
 * The host's Prometheus metrics (docs/host-metrics.md "Metrics" lists every name): one registry
 * for the process, with prom-client's process defaults. It hears of every answer (as an
 * {@link AnswerObserver}), every cache lookup, origin fetch, compile and revalidation, through the
 * small observer interfaces those modules define; the hot path adds to numbers, and the text is
 * made when `/metrics` is scraped.
 */
export class HostMetrics implements AnswerObserver, CacheObserver, CompileObserver, RevalidationObserver {
  readonly registry = new Registry();
  readonly #requests = new FastHistogram(
    'catalog_host_http_request_duration_seconds',
    'Time from the parsed request head to the end of the answer, by route and status.',
    REQUEST_BUCKETS,
  );
  /** route → status → series, so that an answer finds its series without building a key. */
  readonly #requestSeries = new Map<RouteLabel, Map<number, HistogramSeries>>();
  readonly #cacheHits: Record<CacheKind, CounterSeries>;
  readonly #cacheMisses: Record<CacheKind, CounterSeries>;
  readonly #claimWaits: CounterSeries;
  readonly #originFetches = new FastCounter(
    'catalog_host_origin_fetches_total',
    'Requests to the origins (every redirect hop), by origin and status class (2xx to 5xx, or error: no answer).',
  );
  readonly #originDurations = new FastHistogram(
    'catalog_host_origin_fetch_duration_seconds',
    'Time until an origin answered (its head) or the request failed, by origin.',
    FETCH_BUCKETS,
  );
  readonly #revalidations = new FastCounter(
    'catalog_host_revalidations_total',
    'POST /api/revalidate answers, by kind (artifact, package, unknown) and result.',
  );
  readonly #compiles = new FastHistogram(
    'catalog_host_compile_duration_seconds',
    'Remote component compiles (fetching the graph included), by result: ok or the error code.',
    COMPILE_BUCKETS,
  );
  #compilesInFlight = 0;
  #readiness: ReadinessSources | undefined;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.#requests.registerIn(this.registry);
    new SampledMetric('catalog_host_http_requests_total', 'Requests answered, by route and status.', 'counter', () =>
      [...this.#requests.allSeries()].map((series) => ({ labels: { ...series.labels }, value: series.count })),
    ).registerIn(this.registry);
    const hits = new FastCounter('catalog_host_cache_hits_total', 'Cache lookups a stored value answered, by kind.');
    const misses = new FastCounter(
      'catalog_host_cache_misses_total',
      'Cache lookups that loaded the value (or joined a load in progress), by kind.',
    );
    this.#cacheHits = byKind((kind) => hits.series({ kind }));
    this.#cacheMisses = byKind((kind) => misses.series({ kind }));
    hits.registerIn(this.registry);
    misses.registerIn(this.registry);
    const claimWaits = new FastCounter(
      'catalog_host_load_claim_waits_total',
      "Loads this instance left to another instance's cluster-wide claim and waited for (REDIS_URL).",
    );
    this.#claimWaits = claimWaits.series({});
    claimWaits.registerIn(this.registry);
    this.#originFetches.registerIn(this.registry);
    this.#originDurations.registerIn(this.registry);
    this.#revalidations.registerIn(this.registry);
    this.#compiles.registerIn(this.registry);
    new SampledMetric(
      'catalog_host_compiles_in_flight',
      'Compiles started and not ended (waiting for the engine or compiling): the queue depth.',
      'gauge',
      () => [{ labels: {}, value: this.#compilesInFlight }],
    ).registerIn(this.registry);
    this.#registerReadiness();
  }

  /** The readiness, Redis and bus gauges read these from now on. */
  watch(sources: ReadinessSources): void {
    this.#readiness = sources;
  }

  /** The text of `GET /metrics`, and its content type. */
  async scrape(): Promise<{ readonly text: string; readonly contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  /** Observes an answer in the request histogram, under its route and status. */
  answered({ target, status, ms }: Answer): void {
    const route = routeLabel(target);
    let byStatus = this.#requestSeries.get(route);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.#requestSeries.set(route, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = this.#requests.series({ route, status: String(status) });
      byStatus.set(status, series);
    }
    series.observe(ms >= 0 ? ms / 1000 : 0);
  }

  lookup(kind: CacheKind, hit: boolean): void {
    (hit ? this.#cacheHits : this.#cacheMisses)[kind].value += 1;
  }

  claimWaited(): void {
    this.#claimWaits.value += 1;
  }

  /** The observer of the fetches to `origin`. */
  origin(origin: OriginLabel): OriginFetchObserver {
    const classes = ['error', '1xx', '2xx', '3xx', '4xx', '5xx'].map((statusClass) =>
      this.#originFetches.series({ origin, status_class: statusClass }),
    );
    const durations = this.#originDurations.series({ origin });
    return {
      fetched(status, seconds) {
        const statusClass = status === undefined ? 0 : Math.min(5, Math.max(1, Math.floor(status / 100)));
        (classes[statusClass] as CounterSeries).value += 1;
        durations.observe(seconds);
      },
    };
  }

  started(): void {
    this.#compilesInFlight += 1;
  }

  finished(result: string, seconds: number): void {
    this.#compilesInFlight -= 1;
    this.#compiles.series({ result }).observe(seconds);
  }

  revalidated(kind: RevalidationKind, result: RevalidationResult): void {
    this.#revalidations.series({ kind, result }).value += 1;
  }

  #registerReadiness(): void {
    const gauge = (name: string, help: string, value: () => number | undefined) =>
      new SampledMetric(name, help, 'gauge', () => {
        const sampled = value();
        return sampled === undefined ? [] : [{ labels: {}, value: sampled }];
      }).registerIn(this.registry);
    const flag = (yes: boolean) => (yes ? 1 : 0);
    gauge('catalog_host_ready', '1 when GET /readyz answers 200, else 0 (draining).', () =>
      this.#readiness === undefined ? undefined : flag(this.#readiness.readiness().ready),
    );
    gauge(
      'catalog_host_degraded',
      '1 while reads go to the origins because the shared cache (Redis) cannot be used, else 0.',
      () => {
        const readiness = this.#readiness?.readiness();
        return readiness === undefined ? undefined : flag(readiness.ready && readiness.degraded !== undefined);
      },
    );
    gauge('catalog_host_redis_connected', '1 while the connection to Redis is up (REDIS_URL only).', () => {
      const shared = this.#readiness?.store.shared;
      return shared === undefined ? undefined : flag(shared.unavailableReason() !== 'redis-disconnected');
    });
    gauge(
      'catalog_host_bus_listening',
      '1 while the invalidation bus is subscribed and current (REDIS_URL only).',
      () => {
        const status = this.#readiness?.store.shared?.busStatus();
        return status === undefined ? undefined : flag(status.listening);
      },
    );
    gauge(
      'catalog_host_bus_lease_held',
      '1 while this instance holds the bus lease, and serves from its local copies (REDIS_URL only).',
      () => {
        const status = this.#readiness?.store.shared?.busStatus();
        return status === undefined ? undefined : flag(status.leaseHeld);
      },
    );
  }
}

function byKind(make: (kind: CacheKind) => CounterSeries): Record<CacheKind, CounterSeries> {
  return Object.fromEntries(CACHE_KINDS.map((kind) => [kind, make(kind)])) as Record<CacheKind, CounterSeries>;
}
