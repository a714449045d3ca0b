import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { executeCommand } from '../../app/commands';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import type { SettingView } from '../../schemas/config';

const ID = 'system.config.edit';
const SHOWN = ['value', 'current'];
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };

/**
 * Edits one setting with the input its type calls for: a number box with its bounds, a switch, a choice, a text, or
 * for a secret a password box (and the current secret when one is set). The server checks again and writes nothing
 * on bad input; its message shows under the field in the user's language.
 */
export function EditSettingDialog({ setting, onClose }: { setting: SettingView | null; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [value, setValue] = useState('');
  const [current, setCurrent] = useState('');
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setValue(setting && setting.type !== 'secret' ? String(setting.value ?? '') : '');
    setCurrent('');
    setProblem(NO_PROBLEM);
  }, [setting]);

  if (!setting) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      await executeCommand(ID, { value, ...(current ? { current } : {}) }, { intl, quietInvalid: true, selection: [{ ...setting, id: setting.key }] });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };
  const label = w(`config.setting.${setting.key}`);
  const err = fieldError(problem.fields, 'value');
  let input;
  switch (setting.type) {
    case 'bool':
      input = <Switch label={label} checked={value === 'true'} onChange={(e) => setValue(e.currentTarget.checked ? 'true' : 'false')} error={err} />;
      break;
    case 'enum':
      input = (
        <Select label={label} data={(setting.values ?? []).map((v) => ({ value: v, label: w(`config.option.${setting.key}.${v}`) }))}
          value={value} allowDeselect={false} onChange={(v) => setValue(v ?? '')} error={err} />
      );
      break;
    case 'secret':
      input = (
        <>
          {setting.is_set && <PasswordInput label={w('config.field.current')} value={current} onChange={(e) => setCurrent(e.currentTarget.value)}
            error={fieldError(problem.fields, 'current')} autoComplete="off" />}
          <PasswordInput label={w('config.field.newSecret')} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={err}
            autoComplete="new-password" data-autofocus withAsterisk />
        </>
      );
      break;
    default:
      input = (
        <TextInput label={label} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={err} data-autofocus dir="ltr"
          inputMode={setting.type === 'int' || setting.type === 'decimal' ? 'decimal' : undefined}
          rightSection={setting.unit ? <Text size="xs" c="dimmed">{setting.unit}</Text> : undefined} />
      );
  }
  const bounds = setting.min !== undefined && setting.type !== 'string'
    ? w('config.hint.range', { min: intl.formatNumber(setting.min), max: intl.formatNumber(setting.max ?? 0) })
    : null;

  return (
    <Modal opened onClose={onClose} title={w('action.system.config.edit')} data-testid="config-edit-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">{w(setting.description)}</Text>
          {input}
          {bounds && <Text size="xs" c="dimmed">{bounds}</Text>}
          {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
        </Stack>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>{w('command.cancel')}</Button>
          <Button type="submit" loading={busy}>{w('command.submit')}</Button>
        </Group>
      </form>
    </Modal>
  );
}
