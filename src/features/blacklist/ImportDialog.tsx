import { Alert, Badge, Button, Code, FileInput, Group, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle } from '../../app/commands';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportReport } from '../../schemas/blacklist';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { uploadImport, type BlacklistChoices } from './blacklist.api';

const ID = 'client.blackList.import';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
/** Refused rows shown in the dialog (the rest are counted). */
const SHOWN_ROWS = 500;

/**
 * Imports a CSV or XLSX file into one merchant's list. Rows that leave level or reason blank take the defaults chosen
 * here. The answer is a report: rows read, rows added, customers flagged, and every refused row with the reason. A
 * file that can't be read as the expected table is refused whole and nothing is written.
 */
export function ImportDialog({ openKey, choices, onClose }: { openKey: number; choices: BlacklistChoices; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [merchant, setMerchant] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>('2');
  const [reason, setReason] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [report, setReport] = useState<ImportReport | null>(null);

  useEffect(() => {
    if (!openKey) return;
    setMerchant(choices.merchants.length === 1 ? choices.merchants[0].value : null);
    setFile(null);
    setReport(null);
    setProblem(NO_PROBLEM);
  }, [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const only = choices.merchants.length === 1 ? choices.merchants[0].value : null;
  useEffect(() => {
    if (only) setMerchant((m) => m ?? only);
  }, [only]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!merchant || !file) {
      setProblem({ fields: { ...(merchant ? {} : { merchant_id: w('validation.required') }), ...(file ? {} : { file: w('validation.required') }) }, message: null });
      return;
    }
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      setReport(await uploadImport(file, { merchant_id: merchant, level: level ?? undefined, reason: reason ?? undefined }));
    } catch (err) {
      setProblem(submitProblem(intl, err, ['merchant_id', 'file', 'level', 'reason']));
    } finally {
      setBusy(false);
    }
  };
  const cmd = byId.get(ID);
  const issueText = (id: string, values: Record<string, string | number>) => {
    const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, typeof x === 'string' && x.startsWith('@') && x.slice(1) in intl.messages ? w(x.slice(1)) : x]));
    return id in intl.messages ? w(id, v) : id;
  };

  return (
    <Modal opened={openKey > 0} onClose={onClose} size="lg" title={cmd ? commandTitle(cmd, intl) : ''} data-testid="blacklist-import-dialog">
      {report ? (
        <Stack gap="xs" data-testid="blacklist-import-report">
          <Group gap="xs">
            <Badge color="teal" variant="light">{w('blacklist.report.added', { count: report.added })}</Badge>
            <Badge color={report.refused.length ? 'red' : 'gray'} variant="light">{w('blacklist.report.refused', { count: report.refused.length })}</Badge>
            <Badge color="orange" variant="light">{w('blacklist.report.flagged', { count: report.customers_flagged })}</Badge>
            <Text size="xs" c="dimmed">{w('blacklist.report.rows', { count: report.rows })}</Text>
          </Group>
          {report.refused.length > 0 && (
            <ScrollArea.Autosize mah={320}>
              <Table striped withTableBorder fz="xs" verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{w('blacklist.report.row')}</Table.Th>
                    <Table.Th>{w('blacklist.field.value')}</Table.Th>
                    <Table.Th>{w('blacklist.report.why')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.refused.slice(0, SHOWN_ROWS).map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td dir="ltr" style={{ unicodeBidi: 'isolate' }}>{r.value}</Table.Td>
                      <Table.Td>{issueText(r.id, r.values)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {report.refused.length > SHOWN_ROWS && <Text size="xs" c="dimmed">{w('blacklist.report.more', { count: report.refused.length - SHOWN_ROWS })}</Text>}
          <Group justify="flex-end"><Button onClick={onClose} data-autofocus>{w('blacklist.report.close')}</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">{w('blacklist.importIntro', { max: IMPORT_MAX_ROWS })}</Text>
            <Code block dir="ltr">{`${IMPORT_COLUMNS.join(',')}\nphone,0912345678,2,1,staff,,2027-01-31`}</Code>
            <Select label={w('field.merchant_id')} data={choices.merchants} value={merchant} searchable withAsterisk allowDeselect={false}
              onChange={setMerchant} error={fieldError(problem.fields, 'merchant_id')} />
            <FileInput label={w('blacklist.field.file')} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file} onChange={setFile} withAsterisk clearable error={fieldError(problem.fields, 'file')} data-autofocus />
            <Group grow align="flex-start">
              <Select label={w('blacklist.field.defaultLevel')} data={choices.levels} value={level} onChange={setLevel} clearable />
              <Select label={w('blacklist.field.defaultReason')} data={choices.reasons} value={reason} onChange={setReason} searchable clearable />
            </Group>
            {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>{w('command.cancel')}</Button>
            <Button type="submit" loading={busy}>{w('blacklist.importRun')}</Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
