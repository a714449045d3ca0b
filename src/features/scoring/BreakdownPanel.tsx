import { Alert, Badge, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ApiError } from '../../app/api/request';
import { formatTime } from '../../app/lib/time';
import type { BreakdownItem, OrderBreakdown } from '../../schemas/scoring';
import { useRemote } from '../../ui/useRemote';
import { getBreakdown } from './scoring.api';
import { ACTION_COLORS, actionWord, comparatorSymbol, signed, valuesText, valueText } from './words';

/**
 * An order's machine review, for the review details panel: the decision, the total against the pass score, and
 * every rule with the values it compared, whether it held, the action taken and what it added to the score
 * (GET /loanapi/scoring/order_breakdown). `reloadKey` reloads it (after the order moved).
 */
export function BreakdownPanel({ orderId, reloadKey = 0 }: { orderId: number | null; reloadKey?: number }) {
  const intl = useIntl();
  const remote = useRemote((signal) => (orderId ? getBreakdown(orderId, signal).catch(noneWhenMissing) : Promise.resolve(null)), [orderId, reloadKey]);
  if (!orderId) return null;
  // The answer of the order asked for only (the previous order's stays while the next one loads).
  const b = remote.data && remote.data.order.id === orderId ? remote.data : null;
  if (remote.loading && !b) return <Loader size="sm" />;
  if (remote.error) return <Alert color="red" p="xs">{remote.error}</Alert>;
  if (!b) return <Text size="sm" c="dimmed" data-testid="breakdown-none">{intl.formatMessage({ id: 'scoring.breakdown.none' })}</Text>;
  return <BreakdownView breakdown={b} />;
}

/** An order the reader cannot see the breakdown of (404) has none to show; other failures are errors. */
function noneWhenMissing(e: unknown): null {
  if (e instanceof ApiError && (e.code === 40400 || e.httpStatus === 404)) return null;
  throw e;
}

export function BreakdownView({ breakdown: b }: { breakdown: OrderBreakdown }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (!b.run) return <Text size="sm" c="dimmed" data-testid="breakdown-none">{w('scoring.breakdown.none')}</Text>;
  const r = b.run;
  return (
    <Stack gap="xs" data-testid="breakdown">
      <Group gap="md" wrap="wrap">
        <Badge color={r.result === 'approved' ? 'teal' : 'red'} variant="light" size="lg" tt="none">{w(`scoring.result.${r.result}`)}</Badge>
        <Text size="sm">{w(`scoring.decision.${r.decision}`)}</Text>
        <Text size="sm">
          {w('scoring.breakdown.total')}: <b dir="ltr">{intl.formatNumber(r.score, { maximumFractionDigits: 2 })}</b>
          {r.pass_score !== null && <> / {w('field.pass_score')} <span dir="ltr">{intl.formatNumber(r.pass_score)}</span></>}
        </Text>
        <Text size="xs" c="dimmed" dir="ltr">{formatTime(r.reviewed_at)}</Text>
      </Group>
      <BreakdownTable items={b.items} />
      {b.history.length > 1 && (
        <Text size="xs" c="dimmed">
          {w('scoring.breakdown.earlier')}:{' '}
          {b.history.slice(1).map((h) => `${formatTime(h.reviewed_at)} ${w(`scoring.result.${h.result}`)} (${intl.formatNumber(h.score)})`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

export function BreakdownTable({ items }: { items: readonly BreakdownItem[] }) {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  if (!items.length) return <Text size="sm" c="dimmed">{w('scoring.breakdown.noRules')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing={3} horizontalSpacing={8} fz="xs" aria-label={w('scoring.breakdown.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{w('field.name')}</Table.Th>
            <Table.Th>{w('scoring.breakdown.condition')}</Table.Th>
            <Table.Th>{w('scoring.breakdown.leftValue')}</Table.Th>
            <Table.Th>{w('scoring.breakdown.rightValue')}</Table.Th>
            <Table.Th>{w('scoring.breakdown.held')}</Table.Th>
            <Table.Th>{w('scoring.breakdown.action')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{w('scoring.screen.scoreWeight')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{w('scoring.breakdown.contribution')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id} data-held={i.held || undefined}>
              <Table.Td>
                <Text size="xs" fw={500}>{i.rule}</Text>
                <Text size="xs" c="dimmed">{w(`scoring.kind.${i.kind}`)}</Text>
              </Table.Td>
              <Table.Td><Text size="xs" ff="monospace" dir="ltr">{i.left_expr} {comparatorSymbol(i.comparator)} {i.right_expr}</Text></Table.Td>
              <Table.Td><Text size="xs" dir="ltr">{valueText(intl, i.left_value)}</Text></Table.Td>
              <Table.Td><Text size="xs" dir="ltr">{valuesText(intl, i.right_value)}</Text></Table.Td>
              <Table.Td>
                {i.error
                  ? <Tooltip label={w('scoring.breakdown.error')}><Badge size="xs" color="orange" variant="outline">!</Badge></Tooltip>
                  : <Badge size="xs" color={i.held ? 'teal' : 'gray'} variant={i.held ? 'light' : 'outline'}>{w(i.held ? 'customer.yes' : 'customer.no')}</Badge>}
              </Table.Td>
              <Table.Td><Badge size="xs" color={ACTION_COLORS[i.action] ?? 'gray'} variant={i.action === 'none' ? 'outline' : 'light'} tt="none">{actionWord(intl, i.action)}</Badge></Table.Td>
              <Table.Td style={{ textAlign: 'end' }}>
                {/* A rule that did not hold gave nothing: its score is the rule's, shown dimmed, and its contribution a dash. */}
                <Text size="xs" c={i.held ? undefined : 'dimmed'}><span dir="ltr" style={{ unicodeBidi: 'isolate' }}>{intl.formatNumber(i.score)} × {intl.formatNumber(i.weight, { maximumFractionDigits: 2 })}</span></Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'end' }} data-testid="breakdown-contribution">
                <Text size="xs" fw={i.contribution ? 600 : undefined} dir="ltr">{i.held || i.contribution ? signed(intl, i.contribution) : '—'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
