import { useComputedColorScheme, useDirection, useMantineTheme } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { currencyDigits, formatMoney } from '../../app/lib/format';

/** One line or bar series of a lending chart: a message id for its name and a value per date. */
export interface ChartSeries { key: string; name: string; kind: 'bar' | 'line'; color: string; values: number[] }

/**
 * The dashboard's lending charts over the last 30 business dates (orders, or money of one currency). Its own chunk
 * (recharts lives in 'charts'): the dashboard loads it lazily, so the first load stays small. Right to left, time
 * runs from the right.
 */
export default function LendingChart({ dates, series, currency, testId }: { dates: string[]; series: ChartSeries[]; currency?: string; testId: string }) {
  const intl = useIntl();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const rtl = useDirection().dir === 'rtl';
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3];
  const tick = { fill: dark ? theme.colors.dark[1] : theme.colors.gray[6], fontSize: 11 };
  const day = (d: string) => intl.formatDate(new Date(`${d}T00:00:00`), { month: 'short', day: 'numeric' });
  const names = Object.fromEntries(series.map((s) => [s.key, intl.formatMessage({ id: s.name })]));
  const data = dates.map((date, i) => ({ date, ...Object.fromEntries(series.map((s) => [s.key, s.values[i] ?? 0])) }));
  const value = (v: number) => (currency ? formatMoney(v, { currency, minor: true, locale: intl.locale }) : intl.formatNumber(v));
  const axis = (v: number) => intl.formatNumber(currency ? v / 10 ** currencyDigits(currency) : v, { notation: 'compact' });

  return (
    <div dir="ltr" style={{ width: '100%', height: 240 }} data-testid={testId}>
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={day} tick={tick} tickLine={false} axisLine={{ stroke: grid }} reversed={rtl} minTickGap={16} />
          <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} orientation={rtl ? 'right' : 'left'} tickFormatter={axis} />
          <Tooltip
            labelFormatter={(d) => day(String(d))}
            formatter={(v, name) => [value(Number(v)), name]}
            contentStyle={{
              direction: rtl ? 'rtl' : 'ltr', fontSize: 12, borderRadius: 6,
              background: dark ? theme.colors.dark[6] : theme.white, borderColor: grid,
            }}
            cursor={{ fill: dark ? theme.colors.dark[5] : theme.colors.gray[1] }}
          />
          <Legend wrapperStyle={{ fontSize: 12, direction: rtl ? 'rtl' : 'ltr' }} iconSize={10} itemSorter={null}
            formatter={(v: string) => <span style={{ marginInlineStart: 4 }}>{v}</span>} />
          {series.map((s) => (s.kind === 'bar'
            ? <Bar key={s.key} dataKey={s.key} name={names[s.key]} fill={s.color} radius={[2, 2, 0, 0]} maxBarSize={14} isAnimationActive={false} />
            : <Line key={s.key} dataKey={s.key} name={names[s.key]} stroke={s.color} strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
