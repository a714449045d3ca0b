import { Alert, Button, Center, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useScreenSelection } from '../../app/commands';
import { businessClock, formatInZone } from '../../app/intl/businessClock';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import { useRemote } from '../../ui/useRemote';
import { getDashboardSummary } from './dashboard.api';
import { dashboardCards, seriesEmpty } from './dashboardCards';
import { StatCardSkeleton, StatCardView } from './StatCardView';

const ActivityChart = lazy(() => import('./ActivityChart'));

/** Home (spec §2 /dashboard): figures the session may see and the last 7 days of sign-ins and operations. */
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
  const cards = data ? dashboardCards(data) : [];
  const org = cards.filter((c) => c.group === 'org');
  const mine = cards.filter((c) => c.group === 'me');
  const series = data?.overview?.series ?? null;

  return (
    <Stack gap="md" data-testid="dashboard">
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

      {data && org.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4, lg: 7 }} spacing="sm" data-testid="dashboard-org">
          {org.map((c) => <StatCardView key={c.key} card={c} />)}
        </SimpleGrid>
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
                {mine.map((c) => <StatCardView key={c.key} card={c} />)}
              </SimpleGrid>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
