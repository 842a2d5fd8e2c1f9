/** One line of the printed benchmark table. */
export interface BenchRow {
  readonly name: string;
  readonly measured: string;
  readonly baseline: string;
  readonly ratio: number | undefined;
  readonly target: string;
  readonly ok: boolean | undefined;
}

/** A row with no target: a figure to report, with an optional ratio to its baseline. */
export function reportRow(name: string, measured: string, baseline = '', ratio?: number): BenchRow {
  return { name, measured, baseline, ratio, target: 'report', ok: undefined };
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
