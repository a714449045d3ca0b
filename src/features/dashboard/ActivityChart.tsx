import { useComputedColorScheme, useDirection, useMantineTheme } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardOverview } from '../../schemas/dashboard';

/**
 * Sign-ins, failed sign-ins and operations of the last 7 days. Its own chunk (recharts lives in 'charts'):
 * the dashboard loads it lazily, so the first load stays small. Right to left, time runs from the right.
 */
export default function ActivityChart({ series }: { series: DashboardOverview['series'] }) {
  const intl = useIntl();
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const { dir } = useDirection();
  const rtl = dir === 'rtl';
  const dark = scheme === 'dark';
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3];
  const tick = { fill: dark ? theme.colors.dark[1] : theme.colors.gray[6], fontSize: 11 };
  const day = (d: string) => intl.formatDate(new Date(`${d}T00:00:00`), { month: 'short', day: 'numeric', weekday: 'short' });
  const names = {
    logins: intl.formatMessage({ id: 'dashboard.series.logins' }),
    failures: intl.formatMessage({ id: 'dashboard.series.failures' }),
    operations: intl.formatMessage({ id: 'dashboard.series.operations' }),
  };

  return (
    <div dir="ltr" style={{ width: '100%', height: 260 }} data-testid="activity-chart">
      <ResponsiveContainer>
        <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={day} tick={tick} tickLine={false} axisLine={{ stroke: grid }} reversed={rtl} />
          <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={44} orientation={rtl ? 'right' : 'left'}
            tickFormatter={(v: number) => intl.formatNumber(v, { notation: 'compact' })} />
          <Tooltip
            labelFormatter={(d) => day(String(d))}
            formatter={(v, name) => [intl.formatNumber(Number(v)), name]}
            contentStyle={{
              direction: rtl ? 'rtl' : 'ltr', fontSize: 12, borderRadius: 6,
              background: dark ? theme.colors.dark[6] : theme.white, borderColor: grid,
            }}
            cursor={{ fill: dark ? theme.colors.dark[5] : theme.colors.gray[1] }}
          />
          <Legend wrapperStyle={{ fontSize: 12, direction: rtl ? 'rtl' : 'ltr' }} iconSize={10} itemSorter={null}
            formatter={(value: string) => <span style={{ marginInlineStart: 4 }}>{value}</span>} />
          <Bar dataKey="logins" name={names.logins} fill={theme.colors.teal[6]} radius={[2, 2, 0, 0]} maxBarSize={22} isAnimationActive={false} />
          <Bar dataKey="failures" name={names.failures} fill={theme.colors.red[6]} radius={[2, 2, 0, 0]} maxBarSize={22} isAnimationActive={false} />
          <Line dataKey="operations" name={names.operations} stroke={theme.colors.indigo[6]} strokeWidth={2} dot={{ r: 3 }} type="monotone" isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
