import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../app/api/request';
import { notifyText } from '../../app/lib/notify';
import { submitProblem } from '../../ui/serverIssues';
import { changePassword } from './auth.api';
import { EMPTY_PASSWORD, checkPassword, type PasswordDraft } from './passwordForm';

/**
 * Change password: current, new, confirm. The confirmation is checked here (in the user's language); a refusal
 * naming no field can only be about the current password, so it shows there.
 */
export function PasswordForm() {
  const intl = useIntl();
  const [d, setD] = useState<PasswordDraft>(EMPTY_PASSWORD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const set = (k: keyof PasswordDraft, v: string) => {
    setD((cur) => ({ ...cur, [k]: v }));
    if (errors[k]) setErrors(({ [k]: _x, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = checkPassword(d);
    if (Object.keys(found).length) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, m]) => [k, w(m.id, m.values)])));
      return;
    }
    setBusy(true);
    try {
      const res = await changePassword({ old_pwd: d.old_pwd, new_pwd: d.new_pwd });
      notifyText('success', res.msg || w('command.done'));
      setD(EMPTY_PASSWORD);
      setErrors({});
    } catch (err) {
      const p = submitProblem(intl, err, ['old_pwd', 'new_pwd', 'confirm']);
      if (Object.keys(p.fields).length) setErrors(p.fields);
      else if (err instanceof ApiError) setErrors({ old_pwd: p.message ?? w('request.error') });
      else setErrors({ old_pwd: w('request.error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="password-form">
      <Stack gap="sm" maw={420}>
        <PasswordInput label={w('auth.personal.oldPwd')} withAsterisk value={d.old_pwd} onChange={(e) => set('old_pwd', e.currentTarget.value)}
          error={errors.old_pwd} autoComplete="current-password" name="old_pwd" />
        <PasswordInput label={w('field.newPassword')} withAsterisk value={d.new_pwd} onChange={(e) => set('new_pwd', e.currentTarget.value)}
          error={errors.new_pwd} autoComplete="new-password" name="new_pwd" description={w('auth.personal.lengthRule', { min: 6, max: 32 })} />
        <PasswordInput label={w('auth.personal.confirmPwd')} withAsterisk value={d.confirm} onChange={(e) => set('confirm', e.currentTarget.value)}
          error={errors.confirm} autoComplete="new-password" name="confirm" />
        <Group>
          <Button type="submit" size="sm" loading={busy}>{w('auth.personal.changePwd')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
