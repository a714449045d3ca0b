import { Alert, Badge, Button, FileInput, Group, Modal, Progress, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../app/api/request';
import {
  SMS_API, SMS_TASK_STATUSES, SMS_TASK_TYPES, smsTaskListQuery, TASK_VARIABLES, unknownVariable, type SmsTaskCreated, type SmsTaskProgress, type SmsTaskRow,
} from '../../schemas/sms';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { taskProgress, uploadTask, useSmsMerchants } from './sms.api';

const SCREEN = 'merchant.smsSendTask';
const STATUS_COLOR: Record<string, string> = { draft: '#868e96', running: '#1c7ed6', paused: '#f08c00', finished: '#2f9e44' };
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };

/** Live progress of the running and paused tasks, polled every second while any is running. */
function LiveProgress() {
  const intl = useIntl();
  const w = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const [tasks, setTasks] = useState<(SmsTaskProgress & { name: string })[]>([]);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const page = await api.get<{ rows: SmsTaskRow[] }>(SMS_API.taskList, { status: 'running', size: 10 }, { silent: true });
        const paused = await api.get<{ rows: SmsTaskRow[] }>(SMS_API.taskList, { status: 'paused', size: 5 }, { silent: true });
        const rows = [...page.rows, ...paused.rows];
        const progress = rows.length ? await taskProgress(rows.map((r) => r.id)) : [];
        if (!stop) setTasks(progress.map((p) => ({ ...p, name: rows.find((r) => r.id === p.id)?.name ?? '' })));
      } catch { /* the grid shows errors */ }
      if (!stop) timer = setTimeout(tick, 1000);
    };
    void tick();
    return () => { stop = true; if (timer) clearTimeout(timer); };
  }, []);
  if (!tasks.length) return null;
  return (
    <Stack gap={4} data-testid="sms-task-progress">
      {tasks.map((t) => {
        const done = t.sent_count + t.skipped_count + t.failed_count;
        const pct = t.number_count ? Math.min(100, Math.round((done / t.number_count) * 100)) : 0;
        return (
          <Group key={t.id} gap="xs" wrap="nowrap">
            <Badge color={STATUS_COLOR[t.status]} variant="light" w={110}>{w(`sms.taskStatus.${t.status}`)}</Badge>
            <Text size="sm" w={220} truncate>{t.name}</Text>
            <Progress value={pct} w={240} animated={t.status === 'running'} aria-label={w('sms.field.progress')} />
            <Text size="xs" c="dimmed">{`${done} / ${t.number_count} · ${w('sms.field.success_count')} ${t.success_count}`}</Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/** A task from a CSV or XLSX file of numbers, with the per-row report. */
function UploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const merchants = useSmsMerchants();
  const [merchant, setMerchant] = useState<string | null>(null);
  const [type, setType] = useState<string | null>('marketing');
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  const [dup, setDup] = useState('');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [report, setReport] = useState<SmsTaskCreated | null>(null);
  useEffect(() => { if (opened) { setReport(null); setProblem(NO_PROBLEM); setFile(null); } }, [opened]);
  const chosen = merchant ?? (merchants.length === 1 ? merchants[0].value : null);
  const bad = unknownVariable(content, TASK_VARIABLES);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const fields: Record<string, string> = {};
    if (!chosen) fields.merchant_id = w('validation.required');
    if (!name.trim()) fields.name = w('validation.required');
    if (!content.trim()) fields.content = w('validation.required');
    if (bad !== null) fields.content = w('sms.template.unknownVariable', { name: bad, allowed: TASK_VARIABLES.map((v) => `{${v}}`).join(' ') });
    if (!file) fields.file = w('validation.required');
    if (Object.keys(fields).length) { setProblem({ fields, message: null }); return; }
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      setReport(await uploadTask(file!, { merchant_id: chosen!, type: type ?? 'marketing', name, content, dup_code: dup, link_url: link }));
    } catch (err) {
      setProblem(submitProblem(intl, err, ['merchant_id', 'name', 'content', 'dup_code', 'link_url', 'file']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={w('sms.upload.title')} data-testid="sms-upload-dialog">
      {report ? (
        <Stack gap="xs" data-testid="sms-upload-report">
          <Text size="sm">{w('sms.upload.report', { rows: report.rows, added: report.task.number_count, refused: report.refused.length })}</Text>
          {report.refused.length > 0 && (
            <Table striped withTableBorder fz="xs">
              <Table.Tbody>
                {report.refused.slice(0, 200).map((r) => (
                  <Table.Tr key={r.row}><Table.Td>{r.row}</Table.Td><Table.Td dir="ltr">{r.value}</Table.Td><Table.Td>{w(`sms.upload.${r.reason}`)}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end"><Button onClick={onClose} data-autofocus>{w('command.cancel')}</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">{w('sms.upload.hint')}</Text>
            <Group grow>
              <Select label={w('field.merchant_id')} data={merchants} value={chosen} onChange={setMerchant} withAsterisk allowDeselect={false} error={fieldError(problem.fields, 'merchant_id')} />
              <Select label={w('sms.field.type')} data={SMS_TASK_TYPES.map((t) => ({ value: t, label: w(`option.type.${t}`) }))} value={type} onChange={setType} allowDeselect={false} />
            </Group>
            <TextInput label={w('sms.field.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} withAsterisk maxLength={60} error={fieldError(problem.fields, 'name')} />
            <Textarea label={w('sms.field.content')} value={content} onChange={(e) => setContent(e.currentTarget.value)} withAsterisk autosize minRows={2} maxLength={500}
              description={w('sms.template.variables', { list: TASK_VARIABLES.map((v) => `{${v}}`).join(' ') })} error={fieldError(problem.fields, 'content')} />
            <Group grow>
              <TextInput label={w('sms.field.dup_code')} value={dup} onChange={(e) => setDup(e.currentTarget.value)} maxLength={32} error={fieldError(problem.fields, 'dup_code')} />
              <TextInput label={w('sms.field.link_url')} value={link} onChange={(e) => setLink(e.currentTarget.value)} dir="ltr" error={fieldError(problem.fields, 'link_url')} />
            </Group>
            <FileInput label={w('sms.field.file')} accept=".csv,.xlsx,text/csv" value={file} onChange={setFile} withAsterisk clearable error={fieldError(problem.fields, 'file')} />
            {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>{w('command.cancel')}</Button>
            <Button type="submit" loading={busy}>{w('sms.upload.button')}</Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}

/**
 * /merchant smsSendTask (spec §3 SMS task, §4 start / pause / resume): the tasks with their numbers, total sent, success
 * count, status, creator and duplicate-check code; live progress of running tasks above the grid. N adds a task from a
 * whitelist group or the customers (the palette's form), the upload button from a file; S starts, P pauses, R resumes.
 */
export default function SmsTaskScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(smsTaskListQuery);
  const merchants = useSmsMerchants();
  const [uploading, setUploading] = useState(false);
  const columns = useMemo<GridColumnDef<SmsTaskRow>[]>(() => [
    { key: 'id', title: 'sms.field.task_id', kind: 'number', width: 80 },
    { key: 'type', title: 'sms.field.type', kind: 'tag', width: 100, format: (r) => w(`option.type.${r.type}`) },
    { key: 'name', title: 'sms.field.name', width: 200 },
    { key: 'status', title: 'sms.field.status', kind: 'tag', width: 100, format: (r) => w(`sms.taskStatus.${r.status}`), tagColor: (r) => STATUS_COLOR[r.status] },
    { key: 'number_count', title: 'sms.field.number_count', kind: 'number', width: 100 },
    { key: 'sent_count', title: 'sms.field.sent_count', kind: 'number', width: 100 },
    { key: 'success_count', title: 'sms.field.success_count', kind: 'number', width: 100 },
    { key: 'failed_count', title: 'sms.field.failed_count', kind: 'number', width: 90 },
    { key: 'skipped_count', title: 'sms.field.skipped_count', kind: 'number', width: 110 },
    { key: 'content', title: 'sms.field.content', width: 280 },
    { key: 'dup_code', title: 'sms.field.dup_code', width: 120 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
    { key: 'created_by_name', title: 'sms.field.created_by', width: 120 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Stack gap="sm" data-testid="sms-task-screen">
      <Text size="sm" c="dimmed">{w('sms.intro.task')}</Text>
      <LiveProgress />
      <FilterBar schema={smsTaskListQuery} value={filters} onApply={setFilters}
        titles={{ merchant_id: 'field.merchant_id', type: 'sms.field.type', status: 'sms.field.status', name: 'sms.field.name', created_from: 'field.created_at' }}
        choices={{
          merchant_id: merchants,
          type: SMS_TASK_TYPES.map((t) => ({ value: t, label: w(`option.type.${t}`) })),
          status: SMS_TASK_STATUSES.map((s) => ({ value: s, label: w(`sms.taskStatus.${s}`) })),
        }} />
      <DataGrid<SmsTaskRow> screenId={SCREEN} url={SMS_API.taskList} columns={columns} filters={filters} defaultSort="created_at:desc" exportable
        toolbar={<Button size="xs" variant="light" onClick={() => setUploading(true)} data-testid="sms-upload-button">{w('sms.upload.title')}</Button>} />
      <UploadDialog opened={uploading} onClose={() => setUploading(false)} />
    </Stack>
  );
}
