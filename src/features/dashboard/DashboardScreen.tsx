import { Alert, Button, Center, Grid, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useScreenSelection } from '../../app/commands';
import { businessClock, formatInZone } from '../../app/intl/businessClock';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import { DASHBOARD_DAYS, type LendingSection } from '../../schemas/dashboard';
import { useRemote } from '../../ui/useRemote';
import { getDashboardSummary } from './dashboard.api';
import {
  acquisitionCards, collectionCards, lendingCards, lendingCurrencies, meCards, queueCards, reviewCards, seriesEmpty, signinCards, type StatCard,
} from './dashboardCards';
import type { ChartSeries } from './LendingChart';
import { MerchantTable } from './MerchantTable';
import { StatCardSkeleton, StatCardView } from './StatCardView';

// Charts are their own chunks (recharts): never in the first load.
const ActivityChart = lazy(() => import('./ActivityChart'));
const LendingChart = lazy(() => import('./LendingChart'));

const CARD_COLS = { base: 1, xs: 2, sm: 3, lg: 5 };

function Section({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  const text = intl.formatMessage({ id: title }, { days: DASHBOARD_DAYS });
  return (
    <Stack gap="xs" data-testid={`dashboard-${id}`} component="section" aria-label={text}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Text fw={600} size="sm">{text}</Text>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

const Cards = ({ cards, cols = CARD_COLS }: { cards: StatCard[]; cols?: Record<string, number> }) => (
  <SimpleGrid cols={cols} spacing="sm">{cards.map((c) => <StatCardView key={c.key} card={c} />)}</SimpleGrid>
);

function ChartPanel({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p="sm" h="100%">
      <Text fw={600} size="sm" mb="xs">{intl.formatMessage({ id: title })}</Text>
      <Suspense fallback={<Center h={240}><Loader size="sm" /></Center>}>{children}</Suspense>
    </Paper>
  );
}

/** The lending cards (money in the chosen currency) and the two charts of the last 30 days. */
function Lending({ lending }: { lending: LendingSection }) {
  const intl = useIntl();
  const theme = useMantineTheme();
  const currencies = lendingCurrencies(lending);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0] ?? null;
  const money = (list: LendingSection['paid_out']) => list?.find((f) => f.currency === currency)?.series;
  const orders: ChartSeries[] = [
    lending.applications && { key: 'applications', name: 'dashboard.card.applications', kind: 'bar' as const, color: theme.colors.indigo[4], values: lending.applications.series },
    lending.approvals && { key: 'approvals', name: 'dashboard.card.approvals', kind: 'bar' as const, color: theme.colors.teal[5], values: lending.approvals.series },
    lending.payouts && { key: 'payouts', name: 'dashboard.card.payouts', kind: 'line' as const, color: theme.colors.orange[6], values: lending.payouts.series },
  ].filter((s): s is ChartSeries => !!s);
  const paidOut = money(lending.paid_out);
  const moneyIn = money(lending.money_in);
  const cash: ChartSeries[] = paidOut && moneyIn ? [
    { key: 'paidOut', name: 'dashboard.card.paidOut', kind: 'bar', color: theme.colors.orange[5], values: paidOut },
    { key: 'moneyIn', name: 'dashboard.card.moneyIn', kind: 'bar', color: theme.colors.teal[6], values: moneyIn },
  ] : [];
  const aside = currencies.length > 1 && (
    <SegmentedControl size="xs" data={currencies} value={currency ?? undefined} onChange={setChosen}
      aria-label={intl.formatMessage({ id: 'dashboard.currency' })} data-testid="dashboard-currency" />
  );
  return (
    <Section id="lending" title="dashboard.section.lending" aside={aside}>
      {lending.mixed_dates && <Text size="xs" c="dimmed" data-testid="dashboard-mixed-dates">{intl.formatMessage({ id: 'dashboard.mixedDates' })}</Text>}
      <Cards cards={lendingCards(lending, currency)} />
      {(orders.length > 0 || cash.length > 0) && (
        <Grid gap="sm" align="stretch">
          {orders.length > 0 && (
            <Grid.Col span={{ base: 12, md: cash.length ? 6 : 12 }}>
              <ChartPanel title="dashboard.chart.orders">
                <LendingChart dates={lending.dates} series={orders} testId="lending-orders-chart" />
              </ChartPanel>
            </Grid.Col>
          )}
          {cash.length > 0 && (
            <Grid.Col span={{ base: 12, md: orders.length ? 6 : 12 }}>
              <ChartPanel title="dashboard.chart.money">
                <LendingChart dates={lending.dates} series={cash} currency={currency ?? undefined} testId="lending-money-chart" />
              </ChartPanel>
            </Grid.Col>
          )}
        </Grid>
      )}
    </Section>
  );
}

/**
 * Home (spec §2 /dashboard): the sections the account's permission nodes allow, as the server sends them — lending
 * figures of the last 30 days, review queues, my review queue, my collection cases, my merchants' balances, sign-ins,
 * and my own figures.
 */
export default function DashboardScreen() {
  const intl = useIntl();
  const { user } = useSnapshot(session);
  useScreenSelection('dashboard.home');
  // intl: the server words its answers in the user's language, so a language switch loads again.
  const summary = useRemote((signal) => getDashboardSummary(signal), [intl]);
  const { loading, error, reload } = summary;
  const data = summary.data ?? null;
  // Times on the dashboard are the market's (where the business date runs), not the browser's.
  const clock = useRemote(() => businessClock(), []).data;
  const zone = typeof clock?.time_zone === 'string' ? clock.time_zone : null;
  const updated = !data ? '\u00a0'
    : zone ? intl.formatMessage({ id: 'dashboard.updatedAtZone' }, { time: formatInZone(data.generated_at, zone), zone })
      : intl.formatMessage({ id: 'dashboard.updatedAt' }, { time: formatTime(data.generated_at) });
  const name = user?.nickname || user?.name || user?.account || '';
  const series = data?.overview?.series ?? null;

  return (
    <Stack gap="lg" data-testid="dashboard">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={1} size="h4" fw={600}>{intl.formatMessage({ id: 'dashboard.welcome' }, { name })}</Title>
          <Text size="xs" c="dimmed" data-testid="dashboard-updated">
            {updated}
            {zone && typeof clock?.business_date === 'string' && (
              <> · {intl.formatMessage({ id: 'dashboard.businessDate' }, { date: clock.business_date })}</>
            )}
          </Text>
        </div>
        <Button size="xs" variant="default" onClick={reload} loading={loading && !!data}>
          {intl.formatMessage({ id: 'list.refresh' })}
        </Button>
      </Group>

      {error && (
        <Alert color="red" role="alert" title={intl.formatMessage({ id: 'shell.screen.loadFailed' })}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{error}</Text>
            <Button size="xs" variant="white" color="red" onClick={reload}>{intl.formatMessage({ id: 'list.retry' })}</Button>
          </Group>
        </Alert>
      )}

      {!data && loading && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {Array.from({ length: 4 }, (_, i) => <StatCardSkeleton key={i} />)}
        </SimpleGrid>
      )}

      {data?.lending && <Lending lending={data.lending} />}
      {data?.queues && <Section id="queues" title="dashboard.section.queues"><Cards cards={queueCards(data.queues)} cols={{ base: 1, xs: 2, md: 4 }} /></Section>}
      {data?.review && <Section id="review" title="dashboard.section.review"><Cards cards={reviewCards(data.review)} /></Section>}
      {data?.collection && <Section id="collection" title="dashboard.section.collection"><Cards cards={collectionCards(data.collection)} cols={{ base: 1, xs: 2, md: 4 }} /></Section>}
      {data?.acquisition && <Section id="acquisition" title="dashboard.section.acquisition"><Cards cards={acquisitionCards(data.acquisition)} cols={{ base: 1, xs: 2, md: 4 }} /></Section>}
      {data?.merchants && (
        <Section id="merchants" title="dashboard.section.merchants">
          <Paper withBorder radius="md" p="xs">
            {data.merchants.length
              ? <MerchantTable merchants={data.merchants} />
              : <Center h={60}><Text c="dimmed" size="sm">{intl.formatMessage({ id: 'common.noData' })}</Text></Center>}
          </Paper>
        </Section>
      )}

      {data?.overview && (
        <Section id="org" title="dashboard.section.org">
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4, lg: 7 }} spacing="sm">
            {signinCards(data.overview).map((c) => <StatCardView key={c.key} card={c} />)}
          </SimpleGrid>
        </Section>
      )}

      {data && (
        <Grid gap="sm" align="stretch">
          {series && (
            <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
              <Paper withBorder radius="md" p="sm" h="100%">
                <Text fw={600} size="sm" mb="xs">{intl.formatMessage({ id: 'dashboard.chart.title' })}</Text>
                {seriesEmpty(series) ? (
                  <Center h={260}>
                    <Text c="dimmed" size="sm">{intl.formatMessage({ id: 'common.noData' })}</Text>
                  </Center>
                ) : (
                  <Suspense fallback={<Center h={260}><Loader size="sm" /></Center>}>
                    <ActivityChart series={series} />
                  </Suspense>
                )}
              </Paper>
            </Grid.Col>
          )}
          <Grid.Col span={series ? { base: 12, md: 4, xl: 3 } : { base: 12, sm: 8, md: 6 }}>
            <Stack gap="sm" data-testid="dashboard-me">
              <Text fw={600} size="sm">{intl.formatMessage({ id: 'dashboard.section.me' })}</Text>
              <SimpleGrid cols={series ? { base: 1, xs: 2, md: 1 } : { base: 1, xs: 2 }} spacing="sm">
                {meCards(data.me).map((c) => <StatCardView key={c.key} card={c} />)}
              </SimpleGrid>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
