/** Small numeric and formatting helpers shared by the bench files. */

/** Nearest-rank percentile of an ascending array. */
export function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarise(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] ?? NaN };
}

export const ms = (x: number): string => (Number.isFinite(x) ? `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms` : '–');
export const secs = (x: number): string => (Number.isFinite(x) ? `${(x / 1000).toFixed(1)} s` : '–');
export const mib = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MiB`;
export const int = (n: number): string => Math.round(n).toLocaleString('en-US');

/** One line of the final table: what, where, measured, target, verdict (PASS / MISS, or '' for information). */
export interface Row {
  figure: string;
  engine: string;
  measured: string;
  target: string;
  verdict: 'PASS' | 'MISS' | '' | 'SKIP';
}

export const verdict = (ok: boolean): 'PASS' | 'MISS' => (ok ? 'PASS' : 'MISS');

/** A Markdown table (readable as plain text too). */
export function table(rows: Row[]): string {
  const head: Row = { figure: 'figure', engine: 'engine', measured: 'measured', target: 'target', verdict: 'verdict' as never };
  const all = [head, ...rows];
  const keys = ['figure', 'engine', 'measured', 'target', 'verdict'] as const;
  const w = keys.map((k) => Math.max(...all.map((r) => String(r[k]).length)));
  const line = (r: Row) => `| ${keys.map((k, i) => String(r[k]).padEnd(w[i])).join(' | ')} |`;
  return [line(head), `|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Runs `total` calls spread over `concurrency` workers; the latency of each call, ms. */
export async function hammer(concurrency: number, total: number, call: (i: number, worker: number) => Promise<void>): Promise<{ times: number[]; rps: number }> {
  const times: number[] = [];
  let next = 0;
  const worker = async (_: unknown, w: number) => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      await call(i, w);
      times.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { times, rps: total / ((performance.now() - t0) / 1000) };
}
