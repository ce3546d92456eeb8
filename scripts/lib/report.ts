// Small formatting and statistics helpers shared by the measurement scripts.
import { loadavg } from 'node:os';

/** Nearest-rank percentile (p in 0..100) of values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export function ms(value: number | undefined, digits = 2): string {
  return value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(digits)} ms`;
}

/** Prints rows as an aligned text table (first row = header). */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  const line = (row: readonly string[]) =>
    row
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0),
      )
      .join('  ');
  const [header, ...body] = rows;
  if (!header) return '';
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** The 1, 5 and 15-minute load averages: the cores are shared, so every figure is quoted with it. */
export function formatLoad(): string {
  return loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
}

export function heading(text: string): void {
  console.log(`\n${text}\n${'═'.repeat(text.length)}`);
}

/** One budget check, collected by the phases and summarised at the end. */
export interface BudgetResult {
  phase: string;
  what: string;
  measured: string;
  budget: string;
  pass: boolean;
}

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}
