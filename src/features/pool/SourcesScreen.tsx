import { Alert, Badge, Button, Code, FileInput, Group, Modal, Paper, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { executeCommand, runInteractive, useCommandDone, useCommandUi, useParamChoices } from '../../app/commands';
import { IMPORT_MAX_ROWS, LEAD_STATUSES, leadListQuery, POOL_API, SOURCE_HEADERS, sourceEditBody, type ImportReport, type LeadRow, type SourceRow } from '../../schemas/pool';
import { DataGrid } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { ParamForm } from '../../ui/ParamForm';
import { RecordTable } from '../../ui/RecordTable';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { useRemote } from '../../ui/useRemote';
import { leadColumns } from './columns';
import { FILTER_TITLES } from './EntryScreen';
import { poolApi } from './pool.api';

const SCREEN = 'exogenous.exogenousSources';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };

/**
 * /exogenousSources: the partners (sources: routing, duplicates, API key; the secret is shown once, when the source is
 * added or its secret renewed) and the external customers they sent, with a file import that reports every row.
 */
export default function SourcesScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const sources = useRemote((signal) => poolApi.sources(signal), []);
  const list = sources.data?.rows ?? [];
  const [selected, setSelected] = useState<SourceRow | null>(null);
  const [editing, setEditing] = useState(0);
  const [importing, setImporting] = useState(0);
  const [secret, setSecret] = useState<{ api_key: string; secret: string } | null>(null);
  const [filters, setFilters] = useUrlFilters(leadListQuery);
  const columns = useMemo(() => leadColumns(intl), [intl]);
  const sourceChoices = useMemo(() => list.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` })), [list]);
  const merchants = useRemote((signal) => poolApi.merchants(signal), []).data ?? [];
  const choices = useMemo(() => ({
    id: sourceChoices, source_id: sourceChoices,
    merchant_id: merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    route_to: ['pool', 'marketing'].map((v) => ({ value: v, label: w(`pool.routeTo.${v}`) })),
    on_duplicate: ['skip', 'refresh'].map((v) => ({ value: v, label: w(`pool.onDuplicate.${v}`) })),
    status: LEAD_STATUSES.map((v) => ({ value: v, label: w(`pool.leadStatus.${v}`) })),
  }), [sourceChoices, merchants]); // eslint-disable-line react-hooks/exhaustive-deps
  useParamChoices(choices);

  useCommandDone((d) => {
    sources.reload();
    const r = d.result as { secret?: string; api_key?: string } | null;
    if (r?.secret && r.api_key) setSecret({ api_key: r.api_key, secret: r.secret });
  }, (id) => id.startsWith(`${SCREEN}.`));
  useCommandUi(`${SCREEN}.import`, () => setImporting((n) => n + 1));
  useCommandUi(`${SCREEN}.sourceEdit`, () => (selected ? setEditing((n) => n + 1) : undefined));
  useCommandUi(`${SCREEN}.sourceRotate`, () => (selected ? executeCommand(`${SCREEN}.sourceRotate`, { id: selected.id }) : undefined));

  const sourceCols = [
    { key: 'code', title: 'pool.field.code' },
    { key: 'name', title: 'field.name' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'route_to', title: 'pool.field.route_to', render: (s: SourceRow) => w(`pool.routeTo.${s.route_to}`) },
    { key: 'on_duplicate', title: 'pool.field.on_duplicate', render: (s: SourceRow) => w(`pool.onDuplicate.${s.on_duplicate}`) },
    { key: 'enabled', title: 'field.enabled', render: (s: SourceRow) => <Badge color={s.enabled ? 'teal' : 'gray'} variant="light">{w(s.enabled ? 'pool.enabled' : 'pool.disabled')}</Badge> },
    { key: 'api_key', title: 'pool.field.api_key', render: (s: SourceRow) => <Code>{s.api_key}</Code> },
    { key: 'secret_hint', title: 'pool.field.secret_hint', render: (s: SourceRow) => `…${s.secret_hint}` },
    { key: 'leads', title: 'pool.field.leads', align: 'right' as const },
  ];
  const editCmd = byId.get(`${SCREEN}.sourceEdit`);

  return (
    <Stack gap="sm" data-testid={`${SCREEN}-screen`}>
      <Paper withBorder p="sm">
        <Group justify="space-between" mb={6}>
          <Text fw={600} size="sm">{w('pool.sources.title')}</Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void runInteractive(`${SCREEN}.sourceAdd`)}>{w('action.exogenous.exogenousSources.sourceAdd')}</Button>
            <Button size="xs" variant="light" disabled={!selected} onClick={() => void runInteractive(`${SCREEN}.sourceEdit`)}>{w('action.exogenous.exogenousSources.sourceEdit')}</Button>
            <Button size="xs" variant="light" color="orange" disabled={!selected} onClick={() => void runInteractive(`${SCREEN}.sourceRotate`)}>{w('action.exogenous.exogenousSources.sourceRotate')}</Button>
          </Group>
        </Group>
        <RecordTable<SourceRow> label={w('pool.sources.title')} columns={sourceCols} rows={list} loading={sources.loading} selectable
          selected={selected ? [selected.id] : []} onSelectedChange={(rows) => setSelected(rows[rows.length - 1] ?? null)} />
        {!sources.loading && list.length === 0 && <Text size="sm" c="dimmed">{w('pool.sources.empty')}</Text>}
        <Text size="xs" c="dimmed" mt={6}>{w('pool.sources.apiHelp', { path: POOL_API.push, headers: Object.values(SOURCE_HEADERS).join(', ') })}</Text>
      </Paper>
      <FilterBar schema={leadListQuery} value={filters} onApply={setFilters} choices={choices} titles={FILTER_TITLES} />
      <DataGrid<LeadRow> screenId={SCREEN} url={POOL_API.leads} columns={columns} filters={filters} defaultSort="received_at:desc" exportable autoFocus />

      <Modal opened={editing > 0 && !!selected} onClose={() => setEditing(0)} title={w('action.exogenous.exogenousSources.sourceEdit')}>
        {selected && (
          <ParamForm key={`${selected.id}-${editing}`} schema={sourceEditBody} titles={editCmd?.paramTitles} omit={['id']} choices={choices}
            initial={{ id: selected.id, name: selected.name, route_to: selected.route_to, on_duplicate: selected.on_duplicate, enabled: selected.enabled }}
            onSubmit={async (values) => { await executeCommand(`${SCREEN}.sourceEdit`, { ...values, id: selected.id }); setEditing(0); }}
            onCancel={() => setEditing(0)} />
        )}
      </Modal>
      <Modal opened={!!secret} onClose={() => setSecret(null)} title={w('pool.secret.title')} data-testid="pool-secret">
        {secret && (
          <Stack gap="xs">
            <Alert color="orange" p="xs">{w('pool.secret.once')}</Alert>
            <Text size="sm">{w('pool.field.api_key')}</Text>
            <Code block>{secret.api_key}</Code>
            <Text size="sm">{w('pool.secret.secret')}</Text>
            <Code block>{secret.secret}</Code>
            <Group justify="flex-end"><Button onClick={() => setSecret(null)} data-autofocus>{w('pool.close')}</Button></Group>
          </Stack>
        )}
      </Modal>
      <ImportDialog openKey={importing} sources={sourceChoices} initial={selected?.id ?? null} onClose={() => setImporting(0)} />
    </Stack>
  );
}

export function ImportDialog({ openKey, sources, initial, onClose }: { openKey: number; sources: { value: string; label: string }[]; initial: number | null; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [source, setSource] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [shownKey, setShownKey] = useState(0);
  if (openKey !== shownKey) {
    setShownKey(openKey);
    setSource(initial ? String(initial) : sources.length === 1 ? sources[0].value : null);
    setFile(null);
    setReport(null);
    setProblem(NO_PROBLEM);
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!source || !file) {
      setProblem({ fields: { ...(source ? {} : { source_id: w('validation.required') }), ...(file ? {} : { file: w('validation.required') }) }, message: null });
      return;
    }
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      setReport(await poolApi.importFile(Number(source), file));
    } catch (err) {
      setProblem(submitProblem(intl, err, ['source_id', 'file']));
    } finally {
      setBusy(false);
    }
  };
  const notAdded = (report?.rows ?? []).filter((r) => r.result !== 'added');
  return (
    <Modal opened={openKey > 0} onClose={onClose} size="lg" title={w('action.exogenous.exogenousSources.import')} data-testid="pool-import-dialog">
      {report ? (
        <Stack gap="xs" data-testid="pool-import-report">
          <Group gap="xs">
            <Badge color="teal" variant="light">{w('pool.report.added', { count: report.added })}</Badge>
            <Badge color="blue" variant="light">{w('pool.report.refreshed', { count: report.refreshed })}</Badge>
            <Badge color="gray" variant="light">{w('pool.report.skipped', { count: report.skipped })}</Badge>
            <Badge color={report.refused ? 'red' : 'gray'} variant="light">{w('pool.report.refused', { count: report.refused })}</Badge>
          </Group>
          {notAdded.length > 0 && (
            <ScrollArea.Autosize mah={320}>
              <Table striped withTableBorder fz="xs" verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr><Table.Th>{w('pool.report.row')}</Table.Th><Table.Th>{w('field.phone')}</Table.Th><Table.Th>{w('pool.report.why')}</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {notAdded.slice(0, 500).map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td dir="ltr" style={{ unicodeBidi: 'isolate' }}>{r.phone}</Table.Td>
                      <Table.Td>{r.reason in intl.messages ? w(r.reason) : r.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end"><Button onClick={onClose} data-autofocus>{w('pool.close')}</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">{w('pool.importIntro', { max: IMPORT_MAX_ROWS })}</Text>
            <Code block dir="ltr">{'phone,name,remark\n0912345678,Nguyen Van A,expo 2026'}</Code>
            <Select label={w('pool.field.source')} data={sources} value={source} onChange={setSource} withAsterisk allowDeselect={false}
              error={fieldError(problem.fields, 'source_id')} />
            <FileInput label={w('pool.field.file')} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file} onChange={setFile} withAsterisk clearable error={fieldError(problem.fields, 'file')} data-autofocus />
            {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>{w('command.cancel')}</Button>
            <Button type="submit" loading={busy}>{w('pool.importRun')}</Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
