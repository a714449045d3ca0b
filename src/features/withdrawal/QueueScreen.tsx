import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { openPath } from '../../app/router/openPath';
import type { ZodObject } from 'zod';
import { can } from '../../../commands/permissions';
import { useCommandDone, useParamChoices, useSelection } from '../../app/commands';
import { session } from '../../app/state/session';
import type { Choice } from '../../ui/ParamForm';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { formatTime } from '../../app/lib/time';
import { resultWord, type ColumnOptions, type QueueRow } from './columns';
import { useConfirmForm } from './useConfirmForm';
import { getAgents, getContactResults, getContacts, getMerchants } from './withdrawal.api';

/** Filter labels of the withdrawal lists that have no `field.<key>` of their own. */
export const FILTER_TITLES: Record<string, string> = {
  created: 'field.created_at', sent: 'field.sent_at', expiring_hours: 'withdrawal.field.expiring_hours', claim_state: 'withdrawal.field.claim_state',
  assignee_id: 'withdrawal.field.assignee_id', idle_hours: 'withdrawal.field.idle_hours', mine: 'withdrawal.field.mine', queue: 'withdrawal.field.queue',
  sms_kind: 'withdrawal.field.sms_kind',
};
/** Amount filters are minor units on the wire; these lists leave them to the API (the all-orders screen converts them). */
const ALWAYS_OMIT = ['loan_amount_min', 'loan_amount_max', 'product_id'];

/** The customer-detail view of an order's customer (spec §2: client, name, phone). */
export function openCustomer(r: Pick<QueueRow, 'customer_id' | 'customer_name' | 'phone'>): void {
  const q = new URLSearchParams({ client: String(r.customer_id), name: r.customer_name ?? '', phone: r.phone ?? '' });
  openPath(`/example/orderDetails?${q.toString()}`);
}

export interface QueueScreenProps {
  /** Command id of the screen. */
  screen: string;
  url: string;
  schema: ZodObject;
  columns: (o: ColumnOptions) => GridColumnDef<QueueRow>[];
  defaultSort?: string;
  omit?: readonly string[];
  /** Order id of a row (rows of waitingForRelease are tasks). */
  orderIdOf?: (r: QueueRow) => number;
  /** Show the contact history of the selected order. */
  contacts?: boolean;
  /** Extra choices of the generated action forms (cards of the selected order …). */
  choices?: Record<string, Choice[]>;
}

/**
 * One withdrawal queue: its filters, the grid (the registry's actions of the screen in its toolbar and on their
 * hotkeys — c claim, r contact, y confirm, s SMS, n notify, shift+r release …; it opens on its first row with the
 * keyboard on it, so an agent works the queue without the mouse) and, beside it, what was said to the customer of the
 * selected order. The contact-result dictionary and the agents feed the action forms' selects.
 */
export function QueueScreen(props: QueueScreenProps) {
  const { screen, url, schema, defaultSort = 'created_at:asc', contacts = true } = props;
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const canDispatch = can(nodes as string[], 'withdrawalMoney_waitFor_dispatch');
  const hasAssignee = 'assignee_id' in schema.shape;
  const omit = useMemo(() => [...ALWAYS_OMIT, ...(props.omit ?? []), ...(hasAssignee && !canDispatch ? ['assignee_id'] : [])], [props.omit, hasAssignee, canDispatch]);
  const [filters, setFilters] = useUrlFilters(schema, omit);

  const results = useRemote((signal) => getContactResults(signal), []).data;
  const merchants = useRemote((signal) => getMerchants(signal), []).data;
  const agents = useRemote((signal) => (canDispatch ? getAgents(signal) : Promise.resolve([])), [canDispatch]).data;
  const labels = useMemo(() => new Map((results ?? []).map((r) => [r.value, r.label])), [results]);

  const formChoices = useMemo<Record<string, Choice[]>>(() => ({
    result: (results ?? []).map((r) => ({ value: r.value, label: r.label })),
    account_ids: (agents ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.account}) · ${a.claimed}` })),
    ...(props.choices ?? {}),
  }), [results, agents, props.choices]);
  useParamChoices(formChoices);

  const filterChoices = useMemo(() => ({
    merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    assignee_id: (agents ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  }), [merchants, agents]);

  const makeColumns = props.columns;
  const columns = useMemo(() => makeColumns({ intl, results: labels, onCustomer: openCustomer }), [makeColumns, intl, labels]);
  const currencyOf = useCallback((r: QueueRow) => r.currency, []);
  useConfirmForm(screen);

  return (
    <Stack gap="sm" data-testid={`${screen}-screen`}>
      <FilterBar schema={schema} value={filters} onApply={setFilters} omit={omit} choices={filterChoices} titles={FILTER_TITLES} />
      <DataGrid<QueueRow> screenId={screen} url={url} columns={columns} filters={filters} defaultSort={defaultSort}
        currencyOf={currencyOf} onOpen={openCustomer} exportable height={contacts ? '55vh' : undefined} autoFocus />
      {contacts && <ContactHistory screen={screen} labels={labels} orderIdOf={props.orderIdOf} />}
    </Stack>
  );
}

function ContactHistory({ screen, labels, orderIdOf }: { screen: string; labels: ReadonlyMap<string, string>; orderIdOf?: (r: QueueRow) => number }) {
  const intl = useIntl();
  const sel = useSelection();
  const rows = sel.screen === screen ? (sel.rows as QueueRow[]) : [];
  const orderId = rows.length === 1 ? (orderIdOf ? orderIdOf(rows[0]) : Number(rows[0].id)) : null;
  const remote = useRemote((signal) => (orderId ? getContacts(orderId, signal) : Promise.resolve([])), [orderId]);
  useCommandDone(() => remote.reload(), 'withdrawal.');
  return (
    <Paper withBorder p="sm" data-testid="withdrawal-contacts">
      <Text fw={600} size="sm" mb={6}>{intl.formatMessage({ id: 'withdrawal.contacts.title' })}</Text>
      {orderId === null && <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'withdrawal.contacts.pick' })}</Text>}
      {orderId !== null && (remote.data ?? []).length === 0 && !remote.loading && (
        <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'withdrawal.contacts.empty' })}</Text>
      )}
      <Stack gap={4}>
        {(remote.data ?? []).map((c) => (
          <Group key={c.id} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>{formatTime(c.created_at)}</Text>
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>{resultWord(intl, labels, c.result)}</Badge>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{c.account_name ?? ''}</Text>
            <Text size="sm">{c.note}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

