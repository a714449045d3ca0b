import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Group, Image, PasswordInput, Paper, Stack, Text, TextInput, Title, Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import type { CaptchaResponse } from '../../schemas/auth';
import { getCaptcha } from '../api/auth.api';
import { useT } from '../intl/useT';
import { Icon } from '../layout/icons';
import { LanguageMenu } from '../layout/LanguageMenu';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { GOOGLE_VALIDATOR_PATH, safeRedirect } from '../router/paths';
import { needsGoogleBinding, signIn, signInDone } from '../state/auth';
import { systemInfo } from '../state/system';

interface LoginValues {
  account: string;
  pwd: string;
  captcha_code: string;
  google_code: string;
  is_durable: boolean;
}

/**
 * Sign-in (spec §2, §5, §7): account (trimmed), password, captcha (hidden when the server switches it off),
 * remember me, and the Google code when the account has an authenticator bound (server answers 40100).
 */
export default function LoginPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const sys = useSnapshot(systemInfo);
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [googleStep, setGoogleStep] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const googleRef = useRef<HTMLInputElement>(null);
  const systemName = sys.name || t('shell.systemName.default');
  useDocumentTitle(t('shell.login.title'));

  // Shown once the server says it is on (or when it could not be loaded, so the user can retry).
  const captchaOn = captcha ? captcha.enabled !== false : captchaFailed;

  const form = useForm<LoginValues>({
    mode: 'controlled',
    initialValues: { account: '', pwd: '', captcha_code: '', google_code: '', is_durable: false },
    validate: {
      account: (v) => (v.trim() ? null : t('shell.login.accountRequired')),
      pwd: (v) => (v ? null : t('shell.login.passwordRequired')),
      captcha_code: (v) => (!captchaOn || v.trim() ? null : t('shell.login.captchaRequired')),
      google_code: (v) => (!googleStep || /^\d{6}$/.test(v.trim()) ? null : t('shell.login.googleCodeRequired')),
    },
  });

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
      setCaptchaFailed(false);
    } catch {
      setCaptchaFailed(true);
    }
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  useEffect(() => {
    if (googleStep) googleRef.current?.focus();
  }, [googleStep]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    const res = await signIn({
      account: values.account,
      pwd: values.pwd,
      captcha_id: captcha?.captcha_id ?? '',
      captcha_code: values.captcha_code,
      google_code: googleStep ? values.google_code : '',
      is_durable: values.is_durable,
    });
    if (res.kind === 'ok') {
      const target = safeRedirect(new URLSearchParams(search).get('redirect'));
      const next = needsGoogleBinding(res.user) ? `${GOOGLE_VALIDATOR_PATH}?redirect=${encodeURIComponent(target)}` : target;
      navigate(next, { replace: true });
      signInDone();
      return;
    }
    setBusy(false);
    // A captcha is good once: every answered attempt needs a new one.
    form.setFieldValue('captcha_code', '');
    void refreshCaptcha();
    if (res.kind === 'google') {
      if (googleStep) setError(t('shell.login.googleCodeRequired'));
      setGoogleStep(true);
      return;
    }
    setError(res.message);
    if (googleStep) form.setFieldValue('google_code', '');
  });

  return (
    <Box className="login-page">
      <Group className="login-page__lang" gap={4}>
        <LanguageMenu variant="button" />
      </Group>
      <Paper className="login-card" withBorder shadow="sm" radius="md" p="xl">
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap">
            {sys.logo ? (
              <Image src={sys.logo} alt="" w={36} h={36} fit="contain" />
            ) : (
              <Box className="brand-mark" aria-hidden>{systemName.slice(0, 1).toUpperCase()}</Box>
            )}
            <Box>
              <Title order={1} size="h4" lh={1.2}>{systemName}</Title>
              <Text size="sm" c="dimmed">{t('shell.login.subtitle')}</Text>
            </Box>
          </Group>

          <form onSubmit={submit} noValidate data-testid="login-form">
            <Stack gap="sm">
              {error && (
                <Alert color="red" variant="light" data-testid="login-error" role="alert" py="xs">
                  {error}
                </Alert>
              )}
              <TextInput
                label={t('shell.login.account')}
                placeholder={t('shell.login.accountPlaceholder')}
                autoComplete="username"
                autoFocus
                name="account"
                withAsterisk
                leftSection={<Icon name="user" size={16} />}
                {...form.getInputProps('account')}
                onBlur={(e) => form.setFieldValue('account', e.currentTarget.value.trim())}
              />
              <PasswordInput
                label={t('shell.login.password')}
                placeholder={t('shell.login.passwordPlaceholder')}
                autoComplete="current-password"
                name="pwd"
                withAsterisk
                leftSection={<Icon name="lock" size={16} />}
                {...form.getInputProps('pwd')}
              />
              {captchaOn && (
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('shell.login.captcha')}
                    placeholder={t('shell.login.captchaPlaceholder')}
                    autoComplete="off"
                    name="captcha_code"
                    withAsterisk
                    {...form.getInputProps('captcha_code')}
                  />
                  <Tooltip label={t('shell.login.captchaRefresh')} withArrow>
                    <UnstyledButton
                      className="captcha-image"
                      onClick={() => void refreshCaptcha()}
                      aria-label={t('shell.login.captchaRefresh')}
                      data-testid="captcha-image"
                    >
                      {captcha?.image ? <img src={captcha.image} alt="" /> : <Icon name="refresh" />}
                    </UnstyledButton>
                  </Tooltip>
                </Group>
              )}
              {captchaFailed && <Text size="xs" c="red">{t('shell.login.captchaFailed')}</Text>}
              {googleStep && (
                <Stack gap={4} data-testid="google-step">
                  <Text size="xs" c="dimmed">{t('shell.login.googleHint')}</Text>
                  <TextInput
                    ref={googleRef}
                    label={t('shell.login.googleCode')}
                    placeholder="000000"
                    name="google_code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    withAsterisk
                    classNames={{ input: 'otp-input' }}
                    leftSection={<Icon name="key" size={16} />}
                    {...form.getInputProps('google_code')}
                    onChange={(e) => form.setFieldValue('google_code', e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
                  />
                </Stack>
              )}
              <Checkbox
                label={t('shell.login.remember')}
                name="is_durable"
                mt={4}
                {...form.getInputProps('is_durable', { type: 'checkbox' })}
              />
              <Button type="submit" fullWidth loading={busy} mt="xs" data-testid="login-submit">
                {t('shell.login.submit')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
      <Text size="xs" c="dimmed" className="login-page__foot">{t('shell.login.footer')}</Text>
    </Box>
  );
}
