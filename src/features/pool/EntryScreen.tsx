import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { openPath } from '../../app/router/openPath';
import type { ZodObject } from 'zod';
import { executeCommand, useCommandDone, useCommandUi, useParamChoices, useSelection } from '../../app/commands';
import { formatTime } from '../../app/lib/time';
import { ENTRY_STATUSES, OUTCOMES, SEGMENTS, type EntryRow } from '../../schemas/pool';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';
import { outcomeWord, segmentWord, statusWord } from './columns';
import { poolApi } from './pool.api';

/** Filter labels of the pool lists that have no `field.<key>` of their own. */
export const FILTER_TITLES: Record<string, string> = {
  outcome: 'pool.field.outcome', status: 'pool.field.status', mine: 'pool.field.mine', segment: 'pool.field.segment', holder_id: 'pool.field.holder',
  kind: 'pool.field.kind', agent_id: 'pool.field.agent', source_id: 'pool.field.source',
};

/** Labels of the pool's enum filters (the generic `option.<key>.<value>` ids belong to other lists). */
export function enumChoices(intl: IntlShape): Record<string, Choice[]> {
  const of = (values: readonly string[], word: (i: IntlShape, v: string) => string) => values.map((v) => ({ value: v, label: word(intl, v) }));
  return {
    outcome: of(OUTCOMES, outcomeWord), segment: of(SEGMENTS, segmentWord), status: of(ENTRY_STATUSES, statusWord),
    kind: of(['registration', 'application'], (i, v) => i.formatMessage({ id: `pool.kind.${v}` })),
    mine: [{ value: '1', label: intl.formatMessage({ id: 'pool.yes' }) }],
  };
}

/** The customer-detail view of a row's customer (spec §2: client, name, phone); leads not yet registered have none. */
export function openCustomer(r: { customer_id: number | null; customer_name?: string | null; phone: string }): void {
  if (!r.customer_id) return;
  const q = new URLSearchParams({ client: String(r.customer_id), name: r.customer_name ?? '', phone: r.phone ?? '' });
  openPath(`/example/orderDetails?${q.toString()}`);
}

export interface EntryScreenProps {
  screen: string;
  url: string;
  schema: ZodObject;
  columns: GridColumnDef<EntryRow>[];
  /** Show what happened to the selected entry. */
  history?: boolean;
  choices?: Record<string, Choice[]>;
  toolbar?: ReactNode;
  children?: ReactNode;
}

/**
 * A list of pool entries: its filters, the grid (the registry's actions of the screen in its toolbar and on their
 * hotkeys — c claim, 1–4 results, n note, o offer, b give back; it opens on its first row with the keyboard on it)
 * and, beside it, the history of the selected entry.
 */
export function EntryScreen(props: EntryScreenProps) {
  const { screen, url, schema, columns, history = true } = props;
  const [filters, setFilters] = useUrlFilters(schema);
  const merchants = useRemote((signal) => poolApi.merchants(signal), []).data;
  const intl = useIntl();
  const filterChoices = useMemo(() => ({
    merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    ...enumChoices(intl),
    ...(props.choices ?? {}),
  }), [merchants, props.choices, intl]);
  useParamChoices(useMemo(() => props.choices ?? {}, [props.choices]));
  const currencyOf = useCallback((r: EntryRow) => r.currency ?? undefined, []);
  useDecisionVersion(screen);
  return (
    <Stack gap="sm" data-testid={`${screen}-screen`}>
      <FilterBar schema={schema} value={filters} onApply={setFilters} choices={filterChoices} titles={FILTER_TITLES} />
      <DataGrid<EntryRow> screenId={screen} url={url} columns={columns} filters={filters} defaultSort="entered_at:desc" currencyOf={currencyOf}
        onOpen={openCustomer} exportable height={history ? '55vh' : undefined} autoFocus toolbar={props.toolbar} />
      {history && <EntryHistory screen={screen} />}
      {props.children}
    </Stack>
  );
}

/**
 * Claims and result keys carry the version of the row on screen, so that a key pressed on a row that changed meanwhile
 * (someone claimed it, the holder noted something in another tab) is refused instead of acting on what was not seen.
 */
function useDecisionVersion(screen: string): void {
  const decide = (name: string) => ({ selection }: { selection: readonly Record<string, unknown>[] }) =>
    executeCommand(`${screen}.${name}`, { version: Number(selection[0]?.version) || undefined }, { selection: [...selection] });
  useCommandUi(`${screen}.claim`, decide('claim'));
  useCommandUi(`${screen}.result1`, decide('result1'));
  useCommandUi(`${screen}.result2`, decide('result2'));
  useCommandUi(`${screen}.result3`, decide('result3'));
  useCommandUi(`${screen}.result4`, decide('result4'));
}

function EntryHistory({ screen }: { screen: string }) {
  const intl = useIntl();
  const sel = useSelection();
  const rows = sel.screen === screen ? (sel.rows as unknown as EntryRow[]) : [];
  const id = rows.length === 1 ? Number(rows[0].id) : null;
  const remote = useRemote((signal) => (id ? poolApi.events(id, signal) : Promise.resolve([])), [id]);
  useCommandDone(() => remote.reload(), (cmd) => cmd.startsWith('dormant.') || cmd.startsWith('highSeas.'));
  const w = (mid: string) => intl.formatMessage({ id: mid });
  return (
    <Paper withBorder p="sm" data-testid="pool-history">
      <Text fw={600} size="sm" mb={6}>{w('pool.history.title')}</Text>
      {id === null && <Text size="sm" c="dimmed">{w('pool.history.pick')}</Text>}
      {id !== null && (remote.data ?? []).length === 0 && !remote.loading && <Text size="sm" c="dimmed">{w('pool.history.empty')}</Text>}
      <Stack gap={4}>
        {(remote.data ?? []).map((e) => (
          <Group key={e.id} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>{formatTime(e.created_at)}</Text>
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>{intl.formatMessage({ id: `pool.event.${e.kind}` })}</Badge>
            {e.outcome && <Badge variant="outline" size="sm" style={{ flexShrink: 0 }}>{outcomeWord(intl, e.outcome)}</Badge>}
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{e.account_name ?? ''}</Text>
            <Text size="sm">{e.note}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
