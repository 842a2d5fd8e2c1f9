import { seriesKey } from './fast-counter.js';
import { SeriesMetric, type SeriesValue } from './series-metric.js';

/** One labelled distribution of a {@link FastHistogram}; the caller keeps it and calls `observe`. */
export class HistogramSeries {
  readonly labels: Readonly<Record<string, string>>;
  readonly #bounds: Float64Array;
  /** Observations a bucket (not cumulative); the last one is `+Inf`. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(labels: Readonly<Record<string, string>>, bounds: Float64Array) {
    this.labels = labels;
    this.#bounds = bounds;
    this.counts = new Float64Array(bounds.length + 1);
  }

  /** Counts one observation of `value` (seconds, say). */
  observe(value: number): void {
    const bounds = this.#bounds;
    let bucket = 0;
    while (bucket < bounds.length && value > (bounds[bucket] as number)) bucket += 1;
    this.counts[bucket] = (this.counts[bucket] as number) + 1;
    this.sum += value;
    this.count += 1;
  }
}

/**
 * A Prometheus histogram (`_bucket`, `_sum`, `_count`) whose series are {@link HistogramSeries}:
 * an observation is a scan of the bounds and three additions ({@link SeriesMetric}).
 */
export class FastHistogram extends SeriesMetric {
  readonly type = 'histogram' as const;
  readonly #bounds: Float64Array;
  readonly #series = new Map<string, HistogramSeries>();

  /** `buckets`: the upper bounds, ascending (`+Inf` is added). */
  constructor(name: string, help: string, buckets: readonly number[]) {
    super(name, help);
    this.#bounds = Float64Array.from(buckets);
  }

  /** The series of `labels` (made empty on first use; listed from then on). */
  series(labels: Readonly<Record<string, string>>): HistogramSeries {
    const key = seriesKey(labels);
    let series = this.#series.get(key);
    if (series === undefined) {
      series = new HistogramSeries(labels, this.#bounds);
      this.#series.set(key, series);
    }
    return series;
  }

  /** Every series made so far. */
  allSeries(): IterableIterator<HistogramSeries> {
    return this.#series.values();
  }

  protected values(): SeriesValue[] {
    const values: SeriesValue[] = [];
    for (const series of this.#series.values()) {
      let cumulative = 0;
      for (let bucket = 0; bucket <= this.#bounds.length; bucket += 1) {
        cumulative += series.counts[bucket] as number;
        const le = bucket < this.#bounds.length ? String(this.#bounds[bucket]) : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le }, value: cumulative });
      }
      values.push({ metricName: `${this.name}_sum`, labels: { ...series.labels }, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...series.labels }, value: series.count });
    }
    return values;
  }
}
