import { useComputedColorScheme, useDirection, useMantineTheme } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportDecl } from '../../schemas/statistics';
import { currencyDigits } from '../../app/lib/format';
import { formatValue, measureTitle } from './cells';

export interface ChartPoint {
  /** Axis label of the row (date, merchant name …). */
  name: string;
  values: Record<string, number>;
}

const PALETTE = ['indigo', 'teal', 'orange', 'grape', 'cyan', 'red'] as const;

/**
 * The declaration's default chart of a report (its own chunk: recharts lives in 'charts', loaded only when a report
 * is shown). Right to left, the category axis runs from the right and the value axis sits on the right.
 */
export default function ReportChart({ decl, points, currency }: { decl: ReportDecl; points: ChartPoint[]; currency: string | null }) {
  const intl = useIntl();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const rtl = useDirection().dir === 'rtl';
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3];
  const tick = { fill: dark ? theme.colors.dark[1] : theme.colors.gray[6], fontSize: 11 };
  const measures = decl.chart.measures.map((k) => decl.measures.find((m) => m.key === k)).filter((m) => m !== undefined);
  const f = { intl, currency };
  const allRates = measures.every((m) => m.unit === 'rate');
  const axisFormat = (v: number) => (allRates ? intl.formatNumber(v, { style: 'percent' })
    : measures[0]?.unit === 'money' ? intl.formatNumber(v / 10 ** (currency ? currencyDigits(currency) : 2), { notation: 'compact' })
      : intl.formatNumber(v, { notation: 'compact' }));
  const data = points.map((p) => ({ name: p.name, ...p.values }));
  const Chart = decl.chart.kind === 'line' ? LineChart : BarChart;

  return (
    <div dir="ltr" style={{ width: '100%', height: 280 }} data-testid="report-chart">
      <ResponsiveContainer>
        <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={tick} tickLine={false} axisLine={{ stroke: grid }} reversed={rtl} />
          <YAxis tick={tick} tickLine={false} axisLine={false} width={56} orientation={rtl ? 'right' : 'left'} tickFormatter={axisFormat} />
          <Tooltip
            formatter={(v, _name, item) => {
              const m = measures.find((x) => x.key === item.dataKey);
              return [m ? formatValue(m, Number(v), f) : intl.formatNumber(Number(v)), m ? measureTitle(intl, m) : String(_name)];
            }}
            contentStyle={{ direction: rtl ? 'rtl' : 'ltr', fontSize: 12, borderRadius: 6, background: dark ? theme.colors.dark[6] : theme.white, borderColor: grid }}
          />
          <Legend wrapperStyle={{ fontSize: 12, direction: rtl ? 'rtl' : 'ltr' }} iconSize={10} itemSorter={null}
            formatter={(value: string) => <span style={{ marginInlineStart: 4 }}>{value}</span>} />
          {measures.map((m, i) => {
            const color = theme.colors[PALETTE[i % PALETTE.length]][6];
            const name = measureTitle(intl, m);
            return decl.chart.kind === 'line'
              ? <Line key={m.key} dataKey={m.key} name={name} stroke={color} strokeWidth={2} dot={points.length <= 31 ? { r: 2 } : false} isAnimationActive={false} />
              : <Bar key={m.key} dataKey={m.key} name={name} fill={color} radius={[2, 2, 0, 0]} maxBarSize={22} isAnimationActive={false} />;
          })}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}

