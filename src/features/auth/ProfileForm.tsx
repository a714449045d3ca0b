import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { notifyText } from '../../app/lib/notify';
import { setUser } from '../../app/state/session';
import { profileBody, type UserInfo } from '../../schemas/auth';
import { issueMessage } from '../../schemas/validation';
import { ImageUpload } from '../../ui/ImageUpload';
import { fieldLabel } from '../../ui/ParamForm';
import { fieldError, placeIssues, submitProblem } from '../../ui/serverIssues';
import { editProfile } from './auth.api';

type Draft = { nickname: string; avatar: string; introduction: string };
/** The fields the form shows; an issue about anything else shows under them. */
const SHOWN: (keyof Draft)[] = ['nickname', 'avatar', 'introduction'];
const draftOf = (u: UserInfo | null): Draft => ({ nickname: u?.nickname ?? '', avatar: u?.avatar ?? '', introduction: u?.introduction ?? '' });

/** Nickname, avatar (uploaded image) and introduction; saved through edit_profile, whose answer becomes the session's profile. */
export function ProfileForm({ user }: { user: UserInfo | null }) {
  const intl = useIntl();
  const [d, setD] = useState<Draft>(() => draftOf(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  // Another tab or the Google page may reload the profile: follow it while nothing is being edited here.
  const dirty = JSON.stringify(d) !== JSON.stringify(draftOf(user));
  useEffect(() => {
    if (!busy && !dirty) setD(draftOf(user));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setD((cur) => ({ ...cur, [k]: v }));
    if (errors[k]) setErrors(({ [k]: _x, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const res = profileBody.safeParse(d);
    if (!res.success) {
      const p = placeIssues(intl, res.error.issues.map(issueMessage), SHOWN);
      setErrors(p.fields);
      setFormError(p.message);
      return;
    }
    setBusy(true);
    try {
      const saved = await editProfile({ nickname: res.data.nickname, avatar: res.data.avatar, introduction: res.data.introduction });
      if (saved.data) setUser(saved.data);
      setD(draftOf(saved.data ?? null));
      notifyText('success', w('auth.personal.profileSaved'));
    } catch (err) {
      const p = submitProblem(intl, err, SHOWN);
      setErrors(p.fields);
      setFormError(p.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="sm" maw={520}>
        <ImageUpload label={w('auth.personal.avatar')} value={d.avatar || null} onChange={(url) => set('avatar', url ?? '')} signType="avatar" size={72} />
        {fieldError(errors, 'avatar') && <Text size="xs" c="red" role="alert">{fieldError(errors, 'avatar')}</Text>}
        <TextInput label={fieldLabel(intl, 'nickname')} withAsterisk value={d.nickname} onChange={(e) => set('nickname', e.currentTarget.value)}
          error={fieldError(errors, 'nickname')} name="nickname" description={w('auth.personal.lengthRule', { min: 2, max: 20 })} />
        <Textarea label={w('auth.personal.introduction')} value={d.introduction} onChange={(e) => set('introduction', e.currentTarget.value)}
          error={fieldError(errors, 'introduction')} name="introduction" autosize minRows={2} maxRows={6} maxLength={500} />
        {formError && <Alert color="red" p="xs" role="alert">{formError}</Alert>}
        <Group>
          <Button type="submit" size="sm" loading={busy} disabled={!dirty}>{w('auth.personal.saveProfile')}</Button>
          {dirty && <Button size="sm" variant="subtle" color="gray" onClick={() => { setD(draftOf(user)); setErrors({}); }}>{w('list.reset')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
