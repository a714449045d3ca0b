import { Badge, Button, Code, Drawer, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, useDirection } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { useScreenSelection } from '../../app/commands';
import { CLIENT_ERROR_KINDS, type ClientErrorRow } from '../../schemas/log';
import { CopyText } from '../../ui/CopyText';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import type { Column } from '../../ui/RecordTable';
import { CopyCell, LongText, TimeCell } from './cells';
import { DateRangeInputs, FilterBar, useFilterDraft } from './FilterBar';
import { getClientErrors } from './log.api';
import { LogTable } from './LogPager';
import { usePagedList } from './usePagedList';

const SCREEN = 'log.vue_and_query_log';
const INITIAL = { account: '', kind: '', path: '', date_from: '', date_to: '' };
const KIND_COLOR: Record<string, string> = { error: 'red', rejection: 'orange', api: 'grape', other: 'gray' };

function KindBadge({ kind }: { kind: string }) {
  const intl = useIntl();
  const known = (CLIENT_ERROR_KINDS as readonly string[]).includes(kind);
  return (
    <Badge size="sm" variant="light" color={KIND_COLOR[kind] ?? 'gray'} tt="none" fw={500}>
      {known ? intl.formatMessage({ id: `log.client.kind.${kind}` }) : kind}
    </Badge>
  );
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <div>{children}</div>
    </Stack>
  );
}

/** The stack of a reported error, whichever shape the detail has. */
function stackOf(detail: unknown): string {
  if (!detail || typeof detail !== 'object') return '';
  const d = detail as Record<string, unknown>;
  return typeof d.stack === 'string' ? d.stack : typeof d.truncated === 'string' ? d.truncated : '';
}

function ClientErrorDetail({ row, onClose }: { row: ClientErrorRow | null; onClose: () => void }) {
  const intl = useIntl();
  const { dir } = useDirection();
  const w = (id: string) => intl.formatMessage({ id });
  const stack = row ? stackOf(row.detail) : '';
  return (
    <Drawer opened={!!row} onClose={onClose} position={dir === 'rtl' ? 'left' : 'right'} size="xl" data-testid="client-error-detail"
      title={row ? intl.formatMessage({ id: 'log.client.detailTitle' }, { id: String(row.id) }) : ''}>
      {row && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            <Meta label={w('field.time')}><TimeCell at={row.created_at} /></Meta>
            <Meta label={w('field.account')}><Text size="sm">{row.account || '—'}</Text></Meta>
            <Meta label={w('log.client.kind')}><KindBadge kind={row.kind} /></Meta>
            <Meta label={w('log.client.status')}><Text size="sm">{row.status || '—'}</Text></Meta>
            <Meta label={w('log.client.request')}><Text size="sm" dir="ltr" ta="start" ff="monospace">{row.method ? `${row.method} ${row.path}` : '—'}</Text></Meta>
            <Meta label={w('log.client.requestId')}>{row.request_id ? <CopyText text={row.request_id} ff="monospace" size="xs" /> : <Text size="sm">—</Text>}</Meta>
          </SimpleGrid>
          <Meta label={w('log.client.message')}><Text size="sm" style={{ wordBreak: 'break-word' }}>{row.message}</Text></Meta>
          <Meta label={w('log.client.url')}><Text size="sm" dir="ltr" ta="start" style={{ wordBreak: 'break-all' }}>{row.url || '—'}</Text></Meta>
          <Meta label={w('field.user_agent')}><Text size="xs" dir="ltr" ta="start">{row.user_agent || '—'}</Text></Meta>
          <Meta label={w('log.client.stack')}>
            {stack
              ? <Code block dir="ltr" style={{ maxHeight: 360, overflow: 'auto', fontSize: 11 }}>{stack}</Code>
              : <Text size="xs" c="dimmed">{w('common.noData')}</Text>}
          </Meta>
        </Stack>
      )}
    </Drawer>
  );
}

/** Errors the console reported (window errors, unhandled rejections, failed API calls), newest first. */
export default function ClientErrorScreen() {
  const intl = useIntl();
  useScreenSelection(SCREEN);
  const list = usePagedList<ClientErrorRow, typeof INITIAL>(SCREEN, getClientErrors, INITIAL);
  const { draft, set, bar } = useFilterDraft(list, INITIAL);
  const [open, setOpen] = useState<ClientErrorRow | null>(null);

  const columns = useMemo<Column<ClientErrorRow>[]>(() => [
    { key: 'created_at', title: 'field.time', width: 170, render: (r) => <TimeCell at={r.created_at} /> },
    { key: 'account', title: 'field.account', render: (r) => <Text size="sm" fw={500}>{r.account || '—'}</Text> },
    { key: 'kind', title: 'log.client.kind', render: (r) => <KindBadge kind={r.kind} /> },
    { key: 'message', title: 'log.client.message', render: (r) => <LongText text={r.message} w={320} /> },
    {
      key: 'path', title: 'log.client.path',
      render: (r) => <Text size="xs" dir="ltr" ta="start" ff="monospace" style={{ whiteSpace: 'nowrap' }}>{r.method ? `${r.method} ${r.path}` : r.url}</Text>,
    },
    { key: 'status', title: 'log.client.status', width: 80, render: (r) => <Text size="sm">{r.status || '—'}</Text> },
    { key: 'request_id', title: 'log.client.requestId', render: (r) => (r.request_id ? <CopyCell text={r.request_id} /> : <Text size="sm">—</Text>) },
    {
      key: 'detail', title: 'log.client.detail', width: 90,
      render: (r) => (
        <Button size="compact-xs" variant="subtle" onClick={(e) => { e.stopPropagation(); setOpen(r); }}>
          {intl.formatMessage({ id: 'log.operate.view' })}
        </Button>
      ),
    },
  ], [intl]);

  const kinds = [
    { value: '', label: intl.formatMessage({ id: 'list.all' }) },
    ...CLIENT_ERROR_KINDS.map((k) => ({ value: k, label: intl.formatMessage({ id: `log.client.kind.${k}` }) })),
  ];

  return (
    <Paper withBorder radius="md" p="sm" data-testid="client-error-screen">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <FilterBar {...bar}>
            <TextInput size="xs" w={130} label={intl.formatMessage({ id: 'field.account' })} value={draft.account}
              onChange={(e) => set({ account: e.currentTarget.value })} name="account" />
            <Select size="xs" w={150} label={intl.formatMessage({ id: 'log.client.kind' })} data={kinds} value={draft.kind}
              onChange={(v) => set({ kind: v ?? '' })} allowDeselect={false} name="kind" />
            <TextInput size="xs" w={180} label={intl.formatMessage({ id: 'log.client.path' })} value={draft.path}
              onChange={(e) => set({ path: e.currentTarget.value })} name="path" dir="ltr" placeholder="/loanapi/…" />
            <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
          </FilterBar>
          <ExportButton url={byId.get(SCREEN)!.api!.path} filters={list.filters} />
        </Group>
        <LogTable<ClientErrorRow> list={list} label={intl.formatMessage({ id: 'route.log.vue_and_query_log' })} columns={columns} onOpen={setOpen} />
      </Stack>
      <ClientErrorDetail row={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
