/** One line of the printed benchmark table. */
export interface BenchRow {
  readonly name: string;
  readonly measured: string;
  readonly baseline: string;
  readonly ratio: number | undefined;
  readonly target: string;
  readonly ok: boolean | undefined;
  /**
   * A ratio target's resolution: how far the row's ratio moves from run to run, in ratio units
   * (0.01 is about ±1%). A ratio short of the target by no more than this counts as met.
   */
  readonly resolution?: number;
  /** Met, but only within {@link resolution}: the ratio itself is on the wrong side of the target. */
  readonly withinResolution?: boolean;
}

/** A target on a ratio: at least or at most `value`, to within `resolution` (bench/README.md). */
export interface RatioTarget {
  readonly at: 'least' | 'most';
  readonly value: number;
  readonly resolution: number;
}

/**
 * The target columns of a row whose `ratio` is held to `target`: met when the ratio is on the
 * target's side, or short of it by no more than the row's resolution, which the row then prints.
 * Nobody chases a row below what it can resolve.
 */
export function ratioTarget(
  ratio: number,
  target: RatioTarget,
): Pick<BenchRow, 'target' | 'ok' | 'resolution' | 'withinResolution'> {
  // On the ratio as printed (three decimals), so that what a reader sees decides.
  const shown = Number(ratio.toFixed(3));
  const short = target.at === 'least' ? target.value - shown : shown - target.value;
  const met = short <= target.resolution + 1e-9;
  return {
    target: `${target.at === 'least' ? '≥' : '≤'} ${target.value} ±${target.resolution}`,
    ok: met,
    resolution: target.resolution,
    withinResolution: met && short > 1e-9,
  };
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

const HEADER = ['benchmark', 'measured', 'baseline', 'ratio', 'target', 'ok'];

function cellsOf(row: BenchRow): string[] {
  return [
    row.name,
    row.measured,
    row.baseline,
    row.ratio === undefined ? '' : row.ratio.toFixed(3),
    row.target,
    row.ok === undefined ? '' : !row.ok ? 'NO' : row.withinResolution ? 'yes, within resolution' : 'yes',
  ];
}

/** One row as a line of its own, printed the moment it is measured: `ok` first, then what differs from a report. */
export function rowLine(row: BenchRow): string {
  const [name, measured, baseline, ratio, target] = cellsOf(row);
  const ok = row.ok === undefined ? '-' : row.ok ? 'yes' : 'NO';
  const details = [
    baseline && `baseline ${baseline}`,
    ratio && `ratio ${ratio}`,
    `target ${target}`,
    row.withinResolution && 'met within its resolution',
  ];
  return `${ok.padEnd(3)} ${name}: ${measured} (${details.filter(Boolean).join(', ')})`;
}

/** Every row as one aligned markdown table. */
export function benchTable(rows: readonly BenchRow[]): string {
  const lines = rows.map(cellsOf);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [format(HEADER), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...lines.map(format)].join(
    '\n',
  );
}
