import { DASHBOARD_DAYS, type Figure, type MoneyFigure, type Ratio } from '../../../schemas/dashboard';

/** Accumulates per-day values (by series index) into the dashboard's figures. */

export const zeros = (): number[] => new Array<number>(DASHBOARD_DAYS).fill(0);

export function countFigure(series: number[]): Figure<number> {
  const n = series.length;
  return { today: series[n - 1], yesterday: series[n - 2], total: series.reduce((a, b) => a + b, 0), series };
}

export function ratioFigure(num: number[], den: number[]): Figure<Ratio> {
  const n = num.length;
  const series = num.map((x, i) => ({ num: x, den: den[i] }));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return { today: series[n - 1], yesterday: series[n - 2], total: { num: sum(num), den: sum(den) }, series };
}

/** Money series per currency, in the order the currencies were first met. */
export class MoneySeries {
  private readonly by = new Map<string, number[]>();

  add(currency: string, index: number, amount: number): void {
    if (index < 0) return;
    const s = this.by.get(currency) ?? zeros();
    s[index] += amount;
    this.by.set(currency, s);
  }

  /** Every currency of `currencies` (the scope's), with zeros where nothing happened. */
  figures(currencies: readonly string[]): MoneyFigure[] {
    return [...new Set(currencies)].map((currency) => ({ currency, ...countFigure(this.by.get(currency) ?? zeros()) }));
  }
}
