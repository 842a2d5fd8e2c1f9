import { SeriesMetric, type SeriesValue } from './series-metric.js';

/** A metric read from the process's state when `/metrics` is scraped (a gauge of a connection, say). */
export class SampledMetric extends SeriesMetric {
  readonly type: 'counter' | 'gauge';
  readonly #sample: () => SeriesValue[];

  constructor(name: string, help: string, type: 'counter' | 'gauge', sample: () => SeriesValue[]) {
    super(name, help);
    this.type = type;
    this.#sample = sample;
  }

  protected values(): SeriesValue[] {
    return this.#sample();
  }
}
