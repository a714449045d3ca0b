import { Alert, Badge, Button, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCommandDone } from '../../app/commands';
import { formatMoney } from '../../app/lib/format';
import { formatTime } from '../../app/lib/time';
import type { LiveCountRow, RunDayAnswer, SuperviseOptions } from '../../schemas/collectionSupervise';
import { useRemote } from '../../ui/useRemote';
import { getAlerts, getLiveCounts } from './collection.api';

/** The live counts are read again this often (ms). */
export const LIVE_REFRESH_MS = 15_000;
export const RUN_DAY_COMMAND = 'collection.CollectionServiceManagement.runDay';

/**
 * Above the supervisor's cases: the capacity alerts (prominent: cases the collection day could not place), the live
 * counts per collector refreshed every 15 seconds, and the result of the last "run the collection day now".
 */
export function BoardPanels({ options }: { options: SuperviseOptions | undefined }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [merchantId, setMerchantId] = useState<number | undefined>(undefined);
  const counts = useRemote((signal) => getLiveCounts(merchantId, signal), [merchantId]);
  const alerts = useRemote((signal) => getAlerts(merchantId, signal), [merchantId]);
  const [day, setDay] = useState<RunDayAnswer | null>(null);
  const reloadCounts = counts.reload;
  const reloadAlerts = alerts.reload;
  useEffect(() => {
    const timer = setInterval(reloadCounts, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reloadCounts]);
  useCommandDone((d) => {
    if (d.id === RUN_DAY_COMMAND) setDay(d.result as RunDayAnswer);
    reloadCounts();
    reloadAlerts();
  }, 'collection.CollectionServiceManagement.');

  const merchants = (options?.merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }));
  const rows = counts.data?.rows ?? [];
  return (
    <Stack gap="sm" data-testid="collection-board-panels">
      {(alerts.data ?? []).length > 0 && (
        <Alert color="red" variant="filled" title={t('collection.alerts.title')} data-testid="collection-alerts">
          <Stack gap={2}>
            {(alerts.data ?? []).map((a) => (
              <Text key={a.id} size="sm">
                {t('collection.alerts.line', { stage: a.stage_name ?? String(a.stage_id), merchant: a.merchant_name ?? '', date: a.business_date, count: a.unassigned, pool: a.pool_now })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {day && <DayResult day={day} onClose={() => setDay(null)} />}
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Group gap="xs">
            <Text fw={600} size="sm">{t('collection.live.title')}</Text>
            {counts.data && <Badge variant="light" color={counts.data.pool > 0 ? 'orange' : 'gray'} data-testid="collection-pool-count">{t('collection.live.pool', { count: counts.data.pool })}</Badge>}
            {counts.data && <Text size="xs" c="dimmed">{t('collection.live.at', { time: formatTime(counts.data.at) })}</Text>}
          </Group>
          <Group gap="xs">
            <Select size="xs" w={220} data={merchants} value={merchantId ? String(merchantId) : null} clearable searchable
              placeholder={t('list.all')} aria-label={t('field.merchant_id')} onChange={(v) => setMerchantId(v ? Number(v) : undefined)} />
            <Button size="xs" variant="default" onClick={() => { reloadCounts(); reloadAlerts(); }}>{t('list.refresh')}</Button>
          </Group>
        </Group>
        {counts.error && <Text size="sm" c="red">{counts.error}</Text>}
        {!counts.loading && rows.length === 0 && <Text size="sm" c="dimmed" data-testid="collection-live-empty">{t('collection.live.empty')}</Text>}
        {rows.length > 0 && <LiveTable rows={rows} />}
      </Paper>
    </Stack>
  );
}

function LiveTable({ rows }: { rows: LiveCountRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const n = (v: number) => intl.formatNumber(v);
  return (
    <ScrollArea.Autosize mah={260}>
      <Table striped highlightOnHover withTableBorder fz="sm" data-testid="collection-live-table">
        <Table.Thead>
          <Table.Tr>
            {['collector', 'held', 'new_today', 'results_today', 'promises', 'recovered_today'].map((k) => <Table.Th key={k}>{t(`collection.live.${k}`)}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.collector_id} data-testid={`live-${r.collector_id}`}>
              <Table.Td>
                {r.name} <Text span size="xs" c="dimmed">{r.account}</Text>
                {!r.enabled && <Badge ml={6} size="xs" color="gray">{t('collection.live.disabled')}</Badge>}
              </Table.Td>
              <Table.Td>{n(r.held)}</Table.Td>
              <Table.Td>
                <Text span c={r.cap > 0 && r.new_today >= r.cap ? 'red' : undefined} fw={r.cap > 0 && r.new_today >= r.cap ? 700 : undefined}>
                  {`${n(r.new_today)} / ${r.cap > 0 ? n(r.cap) : '—'}`}
                </Text>
              </Table.Td>
              <Table.Td>{n(r.results_today)}</Table.Td>
              <Table.Td>
                {intl.formatMessage({ id: 'collection.live.promiseCounts' }, { pending: r.promises_pending, kept: r.promises_kept, broken: r.promises_broken, replaced: r.promises_replaced ?? 0 })}
              </Table.Td>
              <Table.Td>{r.recovered_today.map((m) => formatMoney(m.amount, { currency: m.currency, minor: true })).join(' · ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function DayResult({ day, onClose }: { day: RunDayAnswer; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const keys = ['entered', 'restaged', 'closed', 'promisesBroken', 'reassigned', 'assigned', 'unassigned'] as const;
  return (
    <Alert color={day.ran ? 'teal' : 'orange'} withCloseButton onClose={onClose} title={t(day.ran ? 'collection.day.title' : 'collection.day.notRun')} data-testid="collection-day-result">
      {day.merchants.map((m) => (
        <SimpleGrid key={m.merchantId} cols={{ base: 2, sm: 4, md: 8 }} spacing={4}>
          <Text size="sm" fw={600}>{t('collection.day.date', { date: m.businessDate })}</Text>
          {keys.map((k) => <Text key={k} size="sm">{t(`collection.day.${k}`, { count: m[k] })}</Text>)}
        </SimpleGrid>
      ))}
    </Alert>
  );
}
