import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can, SUPER_KEY } from '../../../commands/permissions';
import { runInteractive, useCommandDone, useCommandUi, useParamChoices, type Row } from '../../app/commands';
import { session } from '../../app/state/session';
import { outboundListQuery, softphoneConfigOf, softphoneLink, type ExternalCallRow } from '../../schemas/collectionSetup';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { OutboundDialog, SAMPLE_PHONE } from './OutboundDialog';
import { setupApi, useMerchantChoices } from './setup.api';

const SCREEN = 'empower.outbound';

/**
 * /empower/outbound: the external-call (softphone) settings of spec §7 — per merchant or for all merchants, sip or url
 * type, the template, the link text, "number only" — in the order a call picks them (the first enabled one of the
 * customer's merchant, else the first enabled global one).
 */
export default function OutboundScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes, user } = useSnapshot(session);
  const [filters, setFilters] = useUrlFilters(outboundListQuery);
  const merchants = useMerchantChoices();
  const list = useRemote((signal) => setupApi.outbound(filters, signal), [filters]);
  const types = useRemote((signal) => setupApi.types(signal), []);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const sel = useRowSelection(SCREEN, rows);
  useCommandDone(() => list.reload(), `${SCREEN}.`);
  const typeChoices = useMemo(() => (types.data ?? []).map((t) => ({ value: t.value, label: t.label })), [types.data]);
  const choices = useMemo(() => ({ merchant_id: merchants.choices }), [merchants.choices]);
  useParamChoices(choices);
  // An account of every merchant (administrators, accounts with no merchant list) keeps the settings of all merchants.
  const mayGlobal = (nodes as string[]).includes(SUPER_KEY) || (user?.merchant_ids?.length ?? 0) === 0;

  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; row: ExternalCallRow | null; n: number } | null>(null);
  useCommandUi(`${SCREEN}.add`, () => setDialog((d) => ({ mode: 'add', row: null, n: (d?.n ?? 0) + 1 })));
  useCommandUi(`${SCREEN}.edit`, ({ selection }) => setDialog((d) => ({ mode: 'edit', row: selection[0] as unknown as ExternalCallRow, n: (d?.n ?? 0) + 1 })));
  const canEdit = can(nodes as string[], byId.get(`${SCREEN}.edit`)!.permission);
  const typeLabel = (t: string) => typeChoices.find((c) => c.value === t)?.label ?? w(`option.type.${t}`);

  const columns = useMemo<Column<ExternalCallRow>[]>(() => [
    { key: 'sort', title: 'field.sort', width: 60, render: (r) => <Text size="sm" c="dimmed">{r.sort}</Text> },
    { key: 'name', title: 'field.name', width: 170, render: (r) => <Text size="sm" fw={600} c={r.enabled ? undefined : 'dimmed'}>{r.name}</Text> },
    { key: 'type', title: 'field.type', width: 120, render: (r) => <Badge size="sm" variant="light" color={r.type === 'sip' ? 'teal' : 'indigo'} tt="none">{typeLabel(r.type)}</Badge> },
    { key: 'url', title: 'collectionSetup.field.url', render: (r) => <Text size="sm" ff="monospace" dir="ltr" style={{ unicodeBidi: 'isolate', wordBreak: 'break-all' }}>{r.url}</Text> },
    { key: 'text', title: 'collectionSetup.linkText', width: 140, render: (r) => <Text size="sm">{(r.type === 'url' ? r.a_text : r.sip_text) || '—'}</Text> },
    { key: 'only_no', title: 'field.only_no', width: 100, render: (r) => <Text size="sm" c={r.only_no ? undefined : 'dimmed'}>{w(r.only_no ? 'collectionSetup.on' : 'collectionSetup.off')}</Text> },
    {
      key: 'sample', title: 'collectionSetup.sample', width: 240,
      render: (r) => <Text size="xs" c="dimmed" ff="monospace" dir="ltr" style={{ unicodeBidi: 'isolate', wordBreak: 'break-all' }}>{softphoneLink(softphoneConfigOf(r), SAMPLE_PHONE)}</Text>,
    },
    { key: 'merchant', title: 'field.merchant_id', width: 170, render: (r) => <Text size="sm" c={r.merchant_id === null ? 'dimmed' : undefined}>{r.merchant_name ?? w('collectionSetup.allMerchants')}</Text> },
    {
      key: 'enabled', title: 'field.enabled', width: 90,
      render: (r) => <Badge size="sm" variant={r.enabled ? 'light' : 'outline'} color={r.enabled ? 'teal' : 'gray'}>{w(r.enabled ? 'collectionSetup.on' : 'collectionSetup.off')}</Badge>,
    },
  ], [intl, typeChoices]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Paper withBorder radius="md" p="sm" data-testid="outbound-screen">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{w('collectionSetup.outboundIntro')}</Text>
        <FilterBar schema={outboundListQuery} value={filters} onApply={setFilters} choices={{ merchant_id: merchants.choices }} onRefresh={list.reload} busy={list.loading} />
        <Group justify="space-between" gap="xs">
          <CommandToolbar screen={SCREEN} />
          {list.data && <Text size="xs" c="dimmed">{w('list.total', { count: list.data.total })}</Text>}
        </Group>
        <RecordTable<ExternalCallRow>
          label={w('route.empower.outbound')}
          columns={columns}
          rows={rows}
          loading={list.loading}
          error={list.error}
          selectable
          selected={sel.selectedIds}
          onSelectedChange={sel.onSelectedChange}
          onOpen={canEdit ? (r) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [r as unknown as Row] }) : undefined}
        />
        {!list.loading && !rows.length && !list.error && <Text size="sm" c="dimmed">{w('collectionSetup.noOutbound')}</Text>}
      </Stack>
      <OutboundDialog mode={dialog?.mode ?? null} row={dialog?.row ?? null} merchants={merchants.choices} types={typeChoices} mayGlobal={mayGlobal}
        openKey={dialog?.n ?? 0} onClose={() => setDialog(null)} />
    </Paper>
  );
}
