/**
 * One row of `npm run bench`: a figure, the baseline it is measured against in the same run, and
 * the target for it. A missed target is printed as missed, with why, never left out.
 */
export interface BenchRow {
  /** What was measured, e.g. "GET /api/photos (1,000 photos), 10 connections". */
  name: string;
  figure: number;
  /** "req/s", "ms", "KB gzip", "photos/s", "MB", "score"… */
  unit: string;
  baseline?: { name: string; figure: number };
  /** figure ÷ baseline (or baseline ÷ figure when smaller is better), rounded to 2 places. */
  ratio?: number;
  /** The target in words, e.g. "≥ 0.5 × nginx" or "≤ 100 KB". */
  target: string;
  /** null when the row has no pass/fail target. */
  met: boolean | null;
  /** Why a target was missed, or what else to know about the figure. */
  note?: string;
  /** The engine under the server, on the rows that touch the database. */
  database?: 'sqlite' | 'postgres';
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Ratio where a larger figure is better (throughput). */
export function ratioOf(figure: number, baseline: number): number {
  return baseline > 0 ? round2(figure / baseline) : 0;
}

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => [
    row.name,
    `${row.figure} ${row.unit}`,
    row.baseline ? `${row.baseline.name}: ${row.baseline.figure} ${row.unit}` : '',
    row.ratio === undefined ? '' : `${row.ratio}×`,
    row.target,
    row.met === null ? '' : row.met ? 'met' : 'MISSED',
  ]);
  const header = ['row', 'figure', 'baseline (same run)', 'ratio', 'target', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column]!)).join('  ').trimEnd();
  const notes = rows.filter((row) => row.note).map((row) => `  ${row.name}: ${row.note}`);
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line), ...(notes.length ? ['', 'Notes:', ...notes] : [])].join('\n');
}
