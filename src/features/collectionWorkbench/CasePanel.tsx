import { Alert, Badge, Button, Group, Kbd, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COMMANDS } from '../../../commands';
import { WORKBENCH_SCREEN } from '../../../commands/collectionWorkbench.commands';
import { can } from '../../../commands/permissions';
import { commandTitle } from '../../app/commands';
import { hotkeyCaps } from '../../app/hotkeys/keys';
import { useDict } from '../../app/lib/dict';
import { formatMoney } from '../../app/lib/format';
import { formatTime } from '../../app/lib/time';
import type { CaseContact, CaseDetail, WorkChoice } from '../../schemas/collectionWorkbench';
import { PROMISE_COLORS } from './CaseList';

function Caps({ k }: { k: string }) {
  return <>{hotkeyCaps(k).map((c, i) => <Kbd key={i} size="xs" mx={1}>{c}</Kbd>)}</>;
}

function Item({ label, children, testId, value }: { label: string; children: ReactNode; testId?: string; value?: string }) {
  const intl = useIntl();
  return (
    <Stack gap={0} data-testid={testId} data-value={value}>
      <Text size="xs" c="dimmed">{intl.formatMessage({ id: label })}</Text>
      <Text size="sm" component="div">{children}</Text>
    </Stack>
  );
}

/** The keys of the screen, from the registry (what the session may run), with the result list by number. */
export function KeyLegend({ nodes, results }: { nodes: readonly string[]; results: readonly WorkChoice[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actions = COMMANDS.filter((c) => c.screen === WORKBENCH_SCREEN && c.hotkey && !/^collection\.myCollectionList\.result\d$/.test(c.id) && can(nodes, c.permission));
  const quick = can(nodes, 'collection_myCollectionList_result');
  return (
    <Stack gap={4} data-testid="wb-keys">
      <Group gap="md" wrap="wrap">
        <Text size="xs"><Caps k="j" /><Caps k="k" /> <Caps k="up" /><Caps k="down" /> {t('collectionWorkbench.keys.move')}</Text>
        <Text size="xs"><Caps k="enter" /> {t('collectionWorkbench.keys.open')}</Text>
        {actions.map((c) => <Text key={c.id} size="xs"><Caps k={c.hotkey!} /> {commandTitle(c, intl)}</Text>)}
      </Group>
      {quick && results.length > 0 && (
        <Group gap="md" wrap="wrap" data-testid="wb-result-keys">
          {results.slice(0, 6).map((r, i) => <Text key={r.value} size="xs"><Kbd size="xs" mx={1}>{i + 1}</Kbd> {r.label}</Text>)}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The case panel: who and what is owed, the promise, the last result, the customer's contacts with a Call button
 * each, the history (newest first), calls and promises. Read-only for a reader who does not hold the case.
 */
export function CasePanel({ detail, labels, onCall }: {
  detail: CaseDetail;
  labels: { result: (v: string) => string; disposition: (v: string) => string };
  onCall: (contact: CaseContact | null) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const relations = useDict('relation');
  const relationLabel = (v: string) => relations.items.find((i) => String(i.value) === v)?.label ?? v;
  const word = (prefix: string, v: string) => (v && `${prefix}.${v}` in intl.messages ? t(`${prefix}.${v}`) : v);
  const { case: c, order: o, customer: cu } = detail;
  const money = (v: number) => <span dir="ltr">{formatMoney(v, { currency: o.currency, minor: true })}</span>;
  const when = (v: string | null) => (v ? <span dir="ltr">{formatTime(v)}</span> : '—');

  return (
    <Stack gap="sm" data-testid="wb-panel" data-case={c.id} data-status={c.status}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Title order={2} size="h5" data-testid="wb-customer">{cu.name}</Title>
          <Text size="sm" dir="ltr" c="dimmed">{cu.phone}</Text>
          {detail.can_work && <Button size="compact-xs" variant="light" color="teal" onClick={() => onCall(null)} data-testid="wb-call-customer">{t('action.collectionWorkbench.call')}<Caps k="c" /></Button>}
        </Group>
        <Group gap={6}>
          <Badge radius="sm" tt="none" variant="light">{c.stage_name}</Badge>
          <Badge radius="sm" tt="none" color={c.status === 'open' ? 'blue' : c.status === 'success' ? 'teal' : 'gray'}>{word('collectionWorkbench.status', c.status)}</Badge>
          <Text size="sm" c="dimmed" dir="ltr">{o.order_no}</Text>
        </Group>
      </Group>
      {!detail.can_work && (
        <Alert color="gray" variant="light" p="xs" data-testid="wb-read-only">
          {t(c.status === 'open' ? 'collectionWorkbench.readOnly' : 'collectionWorkbench.closed', { name: c.collector_name ?? '—' })}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing={6} data-testid="wb-money">
        <Item label="collectionWorkbench.field.remaining_debt" testId="wb-debt">{money(o.remaining_debt)}</Item>
        <Item label="collectionWorkbench.field.overdue_days"><span dir="ltr">{o.days ?? '—'}</span></Item>
        <Item label="collectionWorkbench.field.penalty">{money(o.overdue_interest + o.overdue_penalty)}</Item>
        <Item label="collectionWorkbench.field.due_date"><span dir="ltr">{o.due_date ?? '—'}</span></Item>
        <Item label="collectionWorkbench.field.paid_amount">{money(o.paid_amount)}</Item>
        <Item label="collectionWorkbench.field.loan_amount">{money(o.loan_amount)}</Item>
        <Item label="collectionWorkbench.field.recovered">{money(c.recovered)}</Item>
        <Item label="field.merchant_id">{o.merchant_name}</Item>
        <Item label="collectionWorkbench.field.promise" testId="wb-promise" value={c.promise_status}>
          {c.promise_status ? (
            <Group gap={4}>
              <span dir="ltr">{c.promise_date}</span>
              {money(c.promise_amount)}
              <Badge size="xs" radius="sm" tt="none" color={PROMISE_COLORS[c.promise_status] ?? 'gray'}>{t(`option.promise_status.${c.promise_status}`)}</Badge>
            </Group>
          ) : '—'}
        </Item>
        <Item label="collectionWorkbench.field.last_result" testId="wb-last-result" value={c.last_result}>
          {c.last_result ? [labels.result(c.last_result), c.disposition ? labels.disposition(c.disposition) : ''].filter(Boolean).join(' · ') : '—'}
        </Item>
        <Item label="collectionWorkbench.field.last_contact">{when(c.last_contact_at)}</Item>
        <Item label="collectionWorkbench.field.collector">{c.collector_name ?? '—'}</Item>
      </SimpleGrid>

      <Section title="collectionWorkbench.field.contacts">
        {!detail.contacts.length ? <Text size="sm" c="dimmed">{t('collectionWorkbench.contacts.none')}</Text> : (
          <Table withTableBorder verticalSpacing={2} fz="sm" data-testid="wb-contacts">
            <Table.Tbody>
              {detail.contacts.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>{k.relation ? relationLabel(k.relation) : t(`collectionWorkbench.contactKind.${k.kind === 'emergency' ? 'emergency' : 'phonebook'}`)}</Table.Td>
                  <Table.Td dir="ltr">{k.phone}</Table.Td>
                  <Table.Td ta="end">
                    {detail.can_work && <Button size="compact-xs" variant="subtle" onClick={() => onCall(k)}>{t('action.collectionWorkbench.call')}</Button>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      <Section title="collectionWorkbench.field.history">
        {!detail.events.length ? <Text size="sm" c="dimmed">{t('common.noData')}</Text> : (
          <Table striped withTableBorder verticalSpacing={2} fz="sm" data-testid="wb-history">
            <Table.Tbody>
              {detail.events.map((e) => (
                <Table.Tr key={e.id} data-kind={e.kind}>
                  <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>{formatTime(e.at)}</Table.Td>
                  <Table.Td>{word('collectionWorkbench.event', e.kind)}</Table.Td>
                  <Table.Td>{eventText(e, labels, (v) => formatMoney(v, { currency: o.currency, minor: true }))}</Table.Td>
                  <Table.Td>{e.actor_name ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      {detail.calls.length > 0 && (
        <Section title="collectionWorkbench.field.calls">
          <Table withTableBorder verticalSpacing={2} fz="sm" data-testid="wb-calls">
            <Table.Tbody>
              {detail.calls.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>{formatTime(k.started_at)}</Table.Td>
                  <Table.Td>{k.contact_name}</Table.Td>
                  <Table.Td dir="ltr">{k.phone}</Table.Td>
                  <Table.Td dir="ltr">{k.duration_seconds === null ? '' : `${k.duration_seconds}s`}</Table.Td>
                  <Table.Td>{k.result ? labels.result(k.result) : ''}</Table.Td>
                  <Table.Td>{k.account_name ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Paper withBorder={false} p={0}>
      <Text size="sm" fw={600} mb={4}>{intl.formatMessage({ id: title })}</Text>
      {children}
    </Paper>
  );
}

/** What an event says besides its kind: the stage or collector change, the result, the promise, the note. */
function eventText(e: CaseDetail['events'][number], labels: { result: (v: string) => string; disposition: (v: string) => string }, money: (v: number) => string): string {
  const d = (e.detail ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (e.kind === 'result') {
    parts.push(labels.result(String(d.result ?? e.reason)));
    if (d.disposition) parts.push(labels.disposition(String(d.disposition)));
  } else if (e.kind.startsWith('promise')) {
    if (d.date) parts.push(String(d.date));
    if (typeof d.amount === 'number') parts.push(money(d.amount));
    if (e.reason) parts.push(e.reason);
  } else if (e.kind === 'call') {
    if (d.contact_name) parts.push(String(d.contact_name));
  } else {
    if (e.from_stage || e.to_stage) parts.push([e.from_stage, e.to_stage].filter(Boolean).join(' → '));
    if (e.from_collector || e.to_collector) parts.push([e.from_collector, e.to_collector].filter(Boolean).join(' → '));
    if (e.reason && e.kind !== 'entered') parts.push(e.reason);
  }
  if (e.note) parts.push(e.note);
  return parts.join(' · ');
}
