import { Alert, Badge, Button, Code, FileInput, Group, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle } from '../../app/commands';
import { BIN_IMPORT_COLUMNS, BIN_IMPORT_MAX_ROWS, type BinImportReport } from '../../schemas/bank';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import type { Choice } from '../../ui/ParamForm';
import { uploadBins } from './bank.api';

const ID = 'system.bankBins.import';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
/** Refused rows shown in the dialog (the rest are counted). */
const SHOWN_ROWS = 500;

/**
 * Imports BINs of one market from a CSV or XLSX file. The answer is a per-row report: rows read, added, updated, and
 * every refused row with its row number and the reason in the user's language. A file that can't be read as the
 * expected table is refused whole and nothing is written.
 */
export function BinImportDialog({ openKey, markets, onClose }: { openKey: number; markets: Choice[]; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [market, setMarket] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [report, setReport] = useState<BinImportReport | null>(null);

  useEffect(() => {
    if (!openKey) return;
    setMarket(markets.length === 1 ? markets[0].value : null);
    setFile(null);
    setReport(null);
    setProblem(NO_PROBLEM);
  }, [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!market || !file) {
      setProblem({ fields: { ...(market ? {} : { market: w('validation.required') }), ...(file ? {} : { file: w('validation.required') }) }, message: null });
      return;
    }
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      setReport(await uploadBins(file, market));
    } catch (err) {
      setProblem(submitProblem(intl, err, ['market', 'file']));
    } finally {
      setBusy(false);
    }
  };
  const cmd = byId.get(ID);
  const reason = (id: string, values: Record<string, string | number>) => (id in intl.messages ? w(id, values) : id);

  return (
    <Modal opened={openKey > 0} onClose={onClose} size="lg" title={cmd ? commandTitle(cmd, intl) : ''} data-testid="bin-import-dialog">
      {report ? (
        <Stack gap="xs" data-testid="bin-import-report">
          <Group gap="xs">
            <Badge color="teal" variant="light">{w('bank.report.added', { count: report.added })}</Badge>
            <Badge color="blue" variant="light">{w('bank.report.updated', { count: report.updated })}</Badge>
            <Badge color={report.refused.length ? 'red' : 'gray'} variant="light">{w('bank.report.refused', { count: report.refused.length })}</Badge>
            <Text size="xs" c="dimmed">{w('bank.report.rows', { count: report.rows })}</Text>
          </Group>
          {report.refused.length > 0 && (
            <ScrollArea.Autosize mah={320}>
              <Table striped withTableBorder fz="xs" verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{w('bank.report.row')}</Table.Th>
                    <Table.Th>{w('bank.field.prefix')}</Table.Th>
                    <Table.Th>{w('bank.report.why')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.refused.slice(0, SHOWN_ROWS).map((r) => (
                    <Table.Tr key={r.row} data-testid="bin-import-refused">
                      <Table.Td><span dir="ltr">{r.row}</span></Table.Td>
                      <Table.Td dir="ltr" style={{ unicodeBidi: 'isolate' }}>{r.prefix}</Table.Td>
                      <Table.Td>{reason(r.id, r.values)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {report.refused.length > SHOWN_ROWS && <Text size="xs" c="dimmed">{w('bank.report.more', { count: report.refused.length - SHOWN_ROWS })}</Text>}
          <Group justify="flex-end"><Button onClick={onClose} data-autofocus>{w('bank.report.close')}</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">{w('bank.importIntro', { max: BIN_IMPORT_MAX_ROWS })}</Text>
            <Code block dir="ltr">{`${BIN_IMPORT_COLUMNS.join(',')}\n970436,VCB,debit,1\n4221789,VCB,credit,1`}</Code>
            <Select label={w('bank.field.market')} data={markets} value={market} withAsterisk allowDeselect={false}
              onChange={setMarket} error={fieldError(problem.fields, 'market')} data-testid="bin-import-market" />
            <FileInput label={w('bank.field.file')} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file} onChange={setFile} withAsterisk clearable error={fieldError(problem.fields, 'file')} data-autofocus data-testid="bin-import-file" />
            {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>{w('command.cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="bin-import-run">{w('bank.importRun')}</Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
