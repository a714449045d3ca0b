import { Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { useScreenSelection } from '../../app/commands';
import { OPERATE_KINDS, type CustomerOperateRow } from '../../schemas/customerSession';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import type { Column } from '../../ui/RecordTable';
import { CopyCell, LongText, TimeCell } from '../log/cells';
import { DateRangeInputs, FilterBar, useFilterDraft } from '../log/FilterBar';
import { LogTable } from '../log/LogPager';
import { usePagedList } from '../log/usePagedList';
import { getCustomerOperations } from './customerSession.api';
import { CommonFilters, CustomerCell, ResultCell, useMerchantChoices } from './parts';

const SCREEN = 'log.customer_operate';
const INITIAL = { merchant_id: '', phone: '', kind: '', success: '', date_from: '', date_to: '' };

/** `amount: 2000000 · days: 14` — the few request fields the server kept. */
const detailText = (d: Record<string, unknown> | null) => (d ? Object.entries(d).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => `${k}: ${String(v)}`).join(' · ') : '');

/** Spec /log/customer_operate: what borrowers did in the app (register, apply, bind a card, confirm, repay …), newest first. */
export default function CustomerOperateScreen() {
  const intl = useIntl();
  useScreenSelection(SCREEN);
  const merchants = useMerchantChoices();
  const list = usePagedList<CustomerOperateRow, typeof INITIAL>(SCREEN, getCustomerOperations, INITIAL);
  const { draft, set, bar } = useFilterDraft(list, INITIAL);

  const columns = useMemo<Column<CustomerOperateRow>[]>(() => [
    { key: 'created_at', title: 'field.time', width: 170, render: (r) => <TimeCell at={r.created_at} /> },
    { key: 'customer', title: 'field.customer_name', render: (r) => <CustomerCell name={r.customer_name} phone={r.phone} /> },
    {
      key: 'kind', title: 'customerSession.field.kind',
      render: (r) => <Badge size="sm" variant="outline" color="blue" tt="none" fw={500}>{intl.formatMessage({ id: `customerSession.op.${r.kind}` })}</Badge>,
    },
    { key: 'success', title: 'customerSession.field.result', render: (r) => <ResultCell success={r.success} reason={r.reason} prefix="customerSession.reason." /> },
    { key: 'ref', title: 'customerSession.field.ref', render: (r) => (r.ref ? <CopyCell text={r.ref} /> : <Text size="sm">—</Text>) },
    { key: 'detail', title: 'customerSession.field.detail', render: (r) => <LongText text={detailText(r.detail) || '—'} w={220} /> },
    { key: 'ip', title: 'field.ip', render: (r) => <CopyCell text={r.ip} /> },
    { key: 'merchant_name', title: 'field.merchant_id', render: (r) => <Text size="sm">{r.merchant_name ?? r.merchant_id}</Text> },
  ], [intl]);

  const kinds = [
    { value: '', label: intl.formatMessage({ id: 'list.all' }) },
    ...OPERATE_KINDS.map((k) => ({ value: k, label: intl.formatMessage({ id: `customerSession.op.${k}` }) })),
  ];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="customer-operate-screen">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <FilterBar {...bar}>
            <CommonFilters draft={draft} set={set} merchants={merchants} />
            <Select size="xs" w={170} label={intl.formatMessage({ id: 'customerSession.field.kind' })} data={kinds} value={draft.kind}
              onChange={(v) => set({ kind: v ?? '' })} allowDeselect={false} name="kind" />
            <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
          </FilterBar>
          <ExportButton url={byId.get(SCREEN)!.api!.path} filters={list.filters} />
        </Group>
        <LogTable<CustomerOperateRow> list={list} label={intl.formatMessage({ id: 'route.log.customer_operate' })} columns={columns} />
      </Stack>
    </Paper>
  );
}
