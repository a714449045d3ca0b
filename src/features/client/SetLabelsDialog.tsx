import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, type ComboboxLikeRenderOptionInput, type ComboboxItem } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand, type Row } from '../../app/commands';
import type { CustomerRow, FilterOptions } from '../../schemas/client';
import { submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { LabelChip } from './LabelChip';

const COMMAND = 'client.clientUser.setLabels';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };

export interface SetLabelsDialogProps {
  /** The customer whose labels are set; null: closed. */
  customer: Pick<CustomerRow, 'id' | 'customer_name' | 'label_ids'> | null;
  labels: FilterOptions['labels'];
  onClose: () => void;
  onSaved?: () => void;
}

/**
 * Sets a customer's labels (spec §7 add_customer_label: the set is replaced). Runs the registry command, so the
 * permission, the schema and the grid's refresh are the same as from the palette.
 */
export function SetLabelsDialog({ customer, labels, onClose, onSaved }: SetLabelsDialogProps) {
  const intl = useIntl();
  const [value, setValue] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);

  useEffect(() => {
    if (!customer) return;
    setValue((customer.label_ids ?? []).map(String));
    setProblem(NO_PROBLEM);
  }, [customer?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const colour = useMemo(() => new Map(labels.map((l) => [String(l.id), l.mark_color])), [labels]);
  const data = useMemo(() => labels.map((l) => ({ value: String(l.id), label: l.label_name })), [labels]);
  const renderOption = ({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) => <LabelChip name={option.label} color={colour.get(option.value)} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!customer || busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      await executeCommand(COMMAND, { customer_id: customer.id, label_ids: value.map(Number) }, {
        intl, selection: [customer as unknown as Row], quietInvalid: true,
      });
      onSaved?.();
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, ['label_ids']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={customer !== null} onClose={onClose} title={commandTitle(byId.get(COMMAND)!, intl)} data-testid="set-labels-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" fw={500}>{customer?.customer_name}</Text>
          <MultiSelect
            label={intl.formatMessage({ id: 'field.labels' })}
            data={data}
            value={value}
            onChange={setValue}
            renderOption={renderOption}
            searchable
            clearable
            hidePickedOptions
            maxValues={50}
            nothingFoundMessage={intl.formatMessage({ id: 'common.noData' })}
            error={problem.fields.label_ids}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>{intl.formatMessage({ id: 'command.cancel' })}</Button>
            <Button type="submit" loading={busy}>{intl.formatMessage({ id: 'command.submit' })}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
