import { SeriesMetric, type SeriesValue } from './series-metric.js';

/** One labelled count of a {@link FastCounter}; the caller keeps it and adds to `value`. */
export interface CounterSeries {
  readonly labels: Readonly<Record<string, string>>;
  value: number;
}

/**
 * A Prometheus counter (`_total`) whose series are plain objects: the hot path does
 * `series.value += 1` on a series it looked up once ({@link SeriesMetric}).
 */
export class FastCounter extends SeriesMetric {
  readonly type = 'counter' as const;
  readonly #series = new Map<string, CounterSeries>();

  /** The series of `labels` (made at 0 on first use; listed from then on). */
  series(labels: Readonly<Record<string, string>>): CounterSeries {
    const key = seriesKey(labels);
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { labels, value: 0 };
      this.#series.set(key, series);
    }
    return series;
  }

  protected values(): SeriesValue[] {
    return [...this.#series.values()].map(({ labels, value }) => ({ labels: { ...labels }, value }));
  }
}

/** A map key for a label set, independent of the order of its names. */
export function seriesKey(labels: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
