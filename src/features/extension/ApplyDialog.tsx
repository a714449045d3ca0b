import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { notifyText } from '../../app/lib/notify';
import type { ExtensionQuoteView } from '../../schemas/extensionQuote';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { getQuote } from './extension.api';
import { QuoteSummary } from './QuoteSummary';

export const APPLY_COMMAND = 'extension.ExhibitionPeriodList.apply';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['order_id', 'remark'];

/**
 * Apply for an extension on the customer's behalf: find the order by its number (in the account's merchants), see
 * what extending it costs today and what it does (the quote), add a remark, submit. The server checks again.
 */
export function ApplyDialog({ openKey, onClose }: { openKey: number | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [orderNo, setOrderNo] = useState('');
  const [found, setFound] = useState<ExtensionQuoteView | null>(null);
  const [missing, setMissing] = useState(false);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setOrderNo('');
    setFound(null);
    setMissing(false);
    setRemark('');
    setProblem(NO_PROBLEM);
  }, [openKey]);

  const find = async () => {
    const no = orderNo.trim();
    if (!no) return;
    setProblem(NO_PROBLEM);
    setMissing(false);
    try {
      setFound(await getQuote({ order_no: no }));
    } catch {
      setFound(null);
      setMissing(true);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !found) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const res = await executeCommand<{ application_no: string }>(APPLY_COMMAND, { order_id: found.order_id, remark: remark.trim() || undefined }, { intl, quietInvalid: true });
      notifyText('success', t('extension.applied', { application_no: res.application_no }));
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={openKey !== null} onClose={onClose} size="lg" title={commandTitle(byId.get(APPLY_COMMAND)!, intl)} data-testid="extension-apply-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end" gap="xs">
            <TextInput style={{ flex: 1 }} label={t('field.order_no')} value={orderNo} data-autofocus name="order_no" error={fieldError(problem.fields, 'order_id')}
              onChange={(e) => setOrderNo(e.currentTarget.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void find(); } }} />
            <Button variant="default" onClick={() => void find()}>{t('extension.apply.find')}</Button>
          </Group>
          {missing && <Text size="sm" c="red">{t('extension.apply.notFound')}</Text>}
          {found && <QuoteSummary q={found} />}
          {found && (
            <TextInput label={t('field.remark')} value={remark} maxLength={500} name="remark" onChange={(e) => setRemark(e.currentTarget.value)}
              error={fieldError(problem.fields, 'remark')} />
          )}
          {problem.message && <Alert color="red">{problem.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!found || !found.allowed}>{t('command.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
