import { Button, FileInput, Group, Modal, Progress, SegmentedControl, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { COMMAND_DONE_EVENT } from '../../app/commands';
import type { ImportStatus } from '../../schemas/marketing';
import { useRemote } from '../../ui/useRemote';
import { marketingApi } from './marketing.api';

/** Refused rows shown in the dialog (the report keeps more; the counts are exact). */
const SHOWN = 200;

/**
 * Import numbers into a group (the `i` command of marketingList): a CSV/XLSX file or pasted numbers. The server checks
 * the whole file before writing; a large import goes on in the background and the dialog polls its progress, then
 * shows the report: inserted, invalid, duplicates and the refused rows with their reasons.
 */
export function ImportDialog({ openKey, onClose }: { openKey: number; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const groups = useRemote((signal) => (openKey ? marketingApi.groups(undefined, signal) : Promise.resolve({ rows: [], total: 0 })), [openKey]);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [mode, setMode] = useState<'file' | 'text'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ImportStatus | null>(null);

  useEffect(() => { if (openKey) { setStatus(null); setFile(null); setText(''); } }, [openKey]);

  // Poll a running import until it settles.
  useEffect(() => {
    if (!status || status.status !== 'running') return undefined;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      marketingApi.importStatus(status.job_id, ctl.signal).then(setStatus).catch(() => undefined);
    }, 1000);
    return () => { clearTimeout(timer); ctl.abort(); };
  }, [status]);
  useEffect(() => {
    if (status?.status === 'done' && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(COMMAND_DONE_EVENT, { detail: { id: 'marketing.marketingList.import', result: status, selection: [] } }));
    }
  }, [status?.status]); // eslint-disable-line react-hooks/exhaustive-deps

  const start = async () => {
    if (!groupId) return;
    setBusy(true);
    try {
      setStatus(mode === 'file' && file ? await marketingApi.importFile(Number(groupId), file) : await marketingApi.importText(Number(groupId), text));
    } catch {
      // The request layer has shown why (a malformed file, a bad group).
    } finally {
      setBusy(false);
    }
  };
  const ready = !!groupId && (mode === 'file' ? !!file : text.trim() !== '');
  const pct = status && status.rows_total ? Math.round((status.rows_done / status.rows_total) * 100) : 0;

  return (
    <Modal opened={openKey > 0} onClose={onClose} title={w('action.marketing.import')} size="lg">
      <Stack gap="sm">
        <Select label={w('marketing.field.group')} data={(groups.data?.rows ?? []).map((g) => ({ value: String(g.id), label: g.name }))} value={groupId} onChange={setGroupId}
          searchable nothingFoundMessage={w('marketing.empty.groups')} />
        <SegmentedControl value={mode} onChange={(v) => setMode(v as 'file' | 'text')}
          data={[{ value: 'file', label: w('marketing.import.file') }, { value: 'text', label: w('marketing.import.paste') }]} />
        {mode === 'file'
          ? <FileInput label={w('marketing.import.fileLabel')} accept=".csv,.xlsx,.txt" value={file} onChange={setFile} clearable />
          : <Textarea label={w('marketing.field.numbers_text')} rows={8} value={text} onChange={(e) => setText(e.currentTarget.value)} />}
        <Text size="xs" c="dimmed">{w('marketing.import.hint')}</Text>
        {status && (
          <Stack gap={6} data-testid="marketing-import-report">
            <Progress value={status.status === 'done' ? 100 : pct} animated={status.status === 'running'} />
            <Text size="sm">{w(`marketing.import.${status.status}`, { done: status.rows_done, total: status.rows_total })}</Text>
            <Text size="sm">{w('marketing.import.summary', { inserted: status.inserted, invalid: status.invalid, duplicates: status.duplicates })}</Text>
            {status.refused.length > 0 && (
              <Table withTableBorder fz="xs">
                <Table.Thead><Table.Tr><Table.Th>{w('marketing.import.row')}</Table.Th><Table.Th>{w('field.phone')}</Table.Th><Table.Th>{w('marketing.import.reason')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {status.refused.slice(0, SHOWN).map((r) => (
                    <Table.Tr key={`${r.row}-${r.value}`}><Table.Td>{r.row}</Table.Td><Table.Td>{r.value}</Table.Td><Table.Td>{w(`marketing.reason.${r.reason}`)}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{w('marketing.close')}</Button>
          <Button onClick={() => void start()} loading={busy || status?.status === 'running'} disabled={!ready}>{w('marketing.import.start')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
