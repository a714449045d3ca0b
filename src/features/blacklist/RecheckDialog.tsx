import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import type { CustomerPick, RecheckResult } from '../../schemas/blacklist';
import { submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { findCustomers } from './blacklist.api';

const ID = 'client.outblackList.recheck';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };

/**
 * Re-checks one customer at the risk provider: the customer of the selected entry, or one found by phone, ID number or
 * customer code in the account's merchants. Shows what the provider answered and the customer's flags after it.
 */
export function RecheckDialog({ openKey, customerId, onClose }: { openKey: number; customerId: number | null; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<CustomerPick[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [result, setResult] = useState<RecheckResult | null>(null);

  useEffect(() => {
    if (!openKey) return;
    setKeyword('');
    setFound(null);
    setPicked(customerId ? String(customerId) : null);
    setResult(null);
    setProblem(NO_PROBLEM);
  }, [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const search = async () => {
    if (keyword.trim().length < 3) return;
    setBusy(true);
    try {
      const rows = await findCustomers(keyword.trim());
      setFound(rows);
      setPicked(rows.length === 1 ? String(rows[0].id) : null);
    } catch (err) {
      setProblem(submitProblem(intl, err, ['keyword']));
    } finally {
      setBusy(false);
    }
  };
  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!picked) return void search();
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      setResult(await executeCommand<RecheckResult>(ID, { customer_id: Number(picked) }, { intl, quietInvalid: true }));
    } catch (err) {
      setProblem(submitProblem(intl, err, ['customer_id']));
    } finally {
      setBusy(false);
    }
  };
  const cmd = byId.get(ID);

  return (
    <Modal opened={openKey > 0} onClose={onClose} title={cmd ? commandTitle(cmd, intl) : ''} data-testid="blacklist-recheck-dialog">
      {result ? (
        <Stack gap="xs" data-testid="blacklist-recheck-result">
          <Group gap="xs">
            <Badge color={result.hit ? 'red' : 'teal'} variant="light">{w(result.hit ? 'blacklist.recheck.hit' : 'blacklist.recheck.clear')}</Badge>
            {result.hit && <Badge color="orange" variant="light">{w(`blacklist.level.${result.level}`)}</Badge>}
          </Group>
          {result.hit && <Text size="sm">{result.reason}</Text>}
          <Text size="sm" c="dimmed">
            {w(result.blacklisted ? 'blacklist.recheck.nowListed' : 'blacklist.recheck.nowClear', { level: result.blacklist_level })}
          </Text>
          <Group justify="flex-end"><Button onClick={onClose} data-autofocus>{w('blacklist.report.close')}</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={run} noValidate>
          <Stack gap="xs">
            {customerId && picked === String(customerId) && !found
              ? <Text size="sm">{w('blacklist.recheck.selected', { id: customerId })}</Text>
              : (
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput label={w('blacklist.recheck.find')} value={keyword} maxLength={64} data-autofocus style={{ flex: 1 }} dir="ltr"
                    description={w('blacklist.recheck.findHint')} onChange={(e) => setKeyword(e.currentTarget.value)}
                    onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void search(); } }} />
                  <Button variant="default" onClick={() => void search()} loading={busy && !picked} disabled={keyword.trim().length < 3}>{w('blacklist.recheck.search')}</Button>
                </Group>
              )}
            {found && !found.length && <Text size="sm" c="dimmed">{w('blacklist.recheck.none')}</Text>}
            {found && found.length > 0 && (
              <Radio.Group value={picked} onChange={setPicked}>
                <Stack gap={4}>
                  {found.map((c) => (
                    <Radio key={c.id} value={String(c.id)} label={`${c.name} · ${c.phone} · ${c.code}${c.merchant_name ? ` · ${c.merchant_name}` : ''}`} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>{w('command.cancel')}</Button>
            <Button type="submit" loading={busy && !!picked} disabled={!picked}>{w('blacklist.recheck.run')}</Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
