/** The bench's closing table: each figure beside its target, PASS or FALLS SHORT (or just reported). */
export type Verdict = 'PASS' | 'FALLS SHORT' | '';

export interface Row {
  name: string;
  figure: string;
  target: string;
  verdict: Verdict;
}

export const verdict = (ok: boolean): Verdict => (ok ? 'PASS' : 'FALLS SHORT');

/** autocannon's latencies are whole milliseconds: 0 means under one. */
export const ms = (n: number) => (n < 1 ? '<1 ms' : `${n < 10 && !Number.isInteger(n) ? n.toFixed(1) : Math.round(n)} ms`);
export const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

/** Prints the rows as an aligned table; true when any row falls short. */
export function printTable(title: string, rows: Row[]): boolean {
  const widths = {
    name: Math.max(...rows.map((r) => r.name.length), 4),
    figure: Math.max(...rows.map((r) => r.figure.length), 6),
    target: Math.max(...rows.map((r) => r.target.length), 6),
  };
  const line = (name: string, figure: string, target: string, v: string) =>
    `${name.padEnd(widths.name)}  ${figure.padEnd(widths.figure)}  ${target.padEnd(widths.target)}  ${v}`.trimEnd();
  console.log(`\n${title}`);
  console.log(line('path', 'figure', 'target', 'verdict'));
  console.log(line('-'.repeat(widths.name), '-'.repeat(widths.figure), '-'.repeat(widths.target), '-------'));
  for (const r of rows) console.log(line(r.name, r.figure, r.target, r.verdict));
  const short = rows.filter((r) => r.verdict === 'FALLS SHORT').length;
  console.log(short ? `\n${short} of ${rows.filter((r) => r.verdict).length} targets FALL SHORT.` : '\nEvery target met.');
  return short > 0;
}
