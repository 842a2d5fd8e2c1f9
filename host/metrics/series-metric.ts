import type { Metric, MetricObjectWithValues, MetricValue, Registry } from 'prom-client';

/** One labelled value of a {@link SeriesMetric}, as prom-client formats it. */
export type SeriesValue = MetricValue<string> & { readonly metricName?: string };

/**
 * A metric whose values live in plain fields that the hot path increments (a number a series),
 * turned into prom-client's shape only when `/metrics` is scraped. prom-client's own `Histogram`
 * and `Counter` hash a label object on every call, more of a warm entry's CPU than the metrics'
 * bench row allows (the figures: docs/host-metrics.md "Metrics"; the row:
 * `npm run bench -- METRICS`). The registry formats these as its own.
 */
export abstract class SeriesMetric {
  readonly name: string;
  readonly help: string;
  abstract readonly type: 'counter' | 'gauge' | 'histogram';
  readonly aggregator = 'sum' as const;

  constructor(name: string, help: string) {
    this.name = name;
    this.help = help;
  }

  /** The values to export now. */
  protected abstract values(): SeriesValue[];

  /** prom-client's registry reads this (`getForPromString`, else `get`). */
  async get(): Promise<MetricObjectWithValues<SeriesValue>> {
    return {
      name: this.name,
      help: this.help,
      // prom-client's type names are its enum's values: 'counter', 'gauge', 'histogram'.
      type: this.type as unknown as MetricObjectWithValues<SeriesValue>['type'],
      aggregator: this.aggregator,
      collect: () => undefined,
      values: this.values(),
    };
  }

  getForPromString(): Promise<MetricObjectWithValues<SeriesValue>> {
    return this.get();
  }

  /** Nothing to reset: counters only grow (the registry calls this from `resetMetrics`). */
  reset(): void {}

  /** Registers this metric in `registry`, whose formatting it shares. */
  registerIn(registry: Registry): this {
    registry.registerMetric(this as unknown as Metric);
    return this;
  }
}
