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

const HEADER = ['benchmark', 'measured', 'baseline', 'ratio', 'target', 'ok'];

function cellsOf(row: BenchRow): string[] {
  return [
    row.name,
    row.measured,
    row.baseline,
    row.ratio === undefined ? '' : row.ratio.toFixed(3),
    row.target,
    row.ok === undefined ? '' : row.ok ? 'yes' : 'NO',
  ];
}

/** One row as a line of its own, printed the moment it is measured: `ok` first, then what differs from a report. */
export function rowLine(row: BenchRow): string {
  const [name, measured, baseline, ratio, target, ok] = cellsOf(row);
  const details = [baseline && `baseline ${baseline}`, ratio && `ratio ${ratio}`, `target ${target}`];
  return `${(ok || '-').padEnd(3)} ${name}: ${measured} (${details.filter(Boolean).join(', ')})`;
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
