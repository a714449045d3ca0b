import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { useCommandDone } from '../../app/commands';
import { api } from '../../app/api/request';
import { formatTime } from '../../app/lib/time';
import type { AppKeyRow, AppKeySecret } from '../../schemas/intake';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { CopyText } from '../../ui/CopyText';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { useMerchantChoices, type Page } from './intake.api';
import { SecretDialog } from './SecretDialog';

const SCREEN = 'merchant.account';
const LIST = byId.get(SCREEN)!.api!;

interface Filters {
  merchant_id?: string;
  status?: string;
  keyword?: string;
}

/**
 * /merchant/account: the borrower app's credentials per merchant. New key and rotate show the secret once (the
 * dialog opens on the command's result, however it was run: toolbar, palette or hotkey); disable is final.
 */
export default function AppKeysScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { choices } = useMerchantChoices();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const list = useRemote((signal) => api.call<Page<AppKeyRow>>(LIST, { ...filters, size: 500 }, { silent: true, signal }), [filters]);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const sel = useRowSelection(SCREEN, rows);
  const [secret, setSecret] = useState<AppKeySecret | null>(null);
  useCommandDone((d) => {
    list.reload();
    const r = d.result as Partial<AppKeySecret> | undefined;
    if ((d.id === 'merchant.account.add' || d.id === 'merchant.account.rotate') && r?.secret && r.row) setSecret(r as AppKeySecret);
  }, 'merchant.account.');

  const columns = useMemo<Column<AppKeyRow>[]>(() => [
    {
      key: 'merchant', title: 'field.merchant_id', width: 200,
      render: (r) => <Stack gap={0}><Text size="sm">{r.merchant_name}</Text><Text size="xs" c="dimmed" dir="ltr">{r.merchant_code}</Text></Stack>,
    },
    { key: 'app_key', title: 'intake.field.app_key', width: 230, render: (r) => <CopyText text={r.app_key} ff="monospace"><span dir="ltr">{r.app_key}</span></CopyText> },
    { key: 'name', title: 'field.name', render: (r) => <Text size="sm">{r.name}</Text> },
    {
      key: 'platform', title: 'intake.field.kind', width: 110,
      render: (r) => <Badge variant="light" color={r.platform ? 'grape' : 'gray'}>{w(r.platform ? 'intake.kind.platform' : 'intake.kind.merchant')}</Badge>,
    },
    {
      key: 'status', title: 'field.status', width: 120,
      render: (r) => <Badge variant="light" color={r.status === 'enabled' ? 'green' : 'red'}>{w(`intake.keyStatus.${r.status}`)}</Badge>,
    },
    { key: 'secret_hint', title: 'intake.field.secret_hint', width: 130, render: (r) => <Text size="sm" ff="monospace" dir="ltr">••••{r.secret_hint}</Text> },
    {
      key: 'rotated_at', title: 'intake.field.rotated_at', width: 170,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" c="dimmed" dir="ltr">{r.rotated_at ? formatTime(r.rotated_at) : '—'}</Text>
          {r.prev_valid_until && <Text size="xs" c="dimmed">{w('intake.secret.graceNote', { until: formatTime(r.prev_valid_until) })}</Text>}
        </Stack>
      ),
    },
    { key: 'last_used_at', title: 'intake.field.last_used_at', width: 170, render: (r) => <Text size="sm" c="dimmed" dir="ltr">{r.last_used_at ? formatTime(r.last_used_at) : '—'}</Text> },
    { key: 'created_at', title: 'field.created_at', width: 170, render: (r) => <Text size="sm" c="dimmed" dir="ltr">{formatTime(r.created_at)}</Text> },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const apply = () => setFilters({ ...draft, keyword: draft.keyword?.trim() || undefined });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="app-keys-screen">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{w('intake.keys.hint')}</Text>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
          <form role="search" onSubmit={(e) => { e.preventDefault(); apply(); }}>
            <Group gap="xs" align="flex-end">
              <Select size="xs" w={220} label={w('field.merchant_id')} data={choices} value={draft.merchant_id ?? null} clearable searchable
                placeholder={w('list.all')} onChange={(v) => setDraft((d) => ({ ...d, merchant_id: v ?? undefined }))} />
              <Select size="xs" w={140} label={w('field.status')} value={draft.status ?? null} clearable placeholder={w('list.all')}
                data={['enabled', 'disabled'].map((s) => ({ value: s, label: w(`intake.keyStatus.${s}`) }))}
                onChange={(v) => setDraft((d) => ({ ...d, status: v ?? undefined }))} />
              <TextInput size="xs" w={200} label={w('field.keyword')} value={draft.keyword ?? ''} name="keyword"
                onChange={(e) => { const v = e.currentTarget.value; setDraft((d) => ({ ...d, keyword: v })); }} />
              <Button size="xs" type="submit">{w('list.search')}</Button>
              <Button size="xs" variant="default" onClick={() => { setDraft({}); setFilters({}); }}>{w('list.reset')}</Button>
            </Group>
          </form>
          <CommandToolbar screen={SCREEN}>
            <Button size="xs" variant="subtle" color="gray" onClick={list.reload}>{w('list.refresh')}</Button>
            <ExportButton url={LIST.path} filters={filters as Record<string, unknown>} />
          </CommandToolbar>
        </Group>
        <RecordTable<AppKeyRow>
          label={w('route.merchant.account')}
          columns={columns}
          rows={rows}
          loading={list.loading}
          error={list.error}
          selectable
          selected={sel.selectedIds}
          onSelectedChange={sel.onSelectedChange}
        />
        {list.data && <Text size="xs" c="dimmed">{w('list.total', { count: list.data.total })}</Text>}
      </Stack>
      <SecretDialog value={secret} onClose={() => setSecret(null)} />
    </Paper>
  );
}
