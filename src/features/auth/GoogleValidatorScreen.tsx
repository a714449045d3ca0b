import { Alert, Badge, Button, Center, Group, Image, Loader, Paper, PinInput, Stack, Text, Title, useDirection } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../app/api/request';
import { useScreenSelection } from '../../app/commands';
import { notifyText } from '../../app/lib/notify';
import { formatDate } from '../../app/lib/time';
import { safeRedirect } from '../../app/router/paths';
import { session } from '../../app/state/session';
import { CopyText } from '../../ui/CopyText';
import { applyGoogleKey, bindGoogleKey, refreshProfile, skipGoogle, unbindGoogleKey, type GoogleKey } from './auth.api';
import { cleanCode, groupSecret, skipActive } from './googleFlow';

const GOOGLE_SKIP_DAYS = 7;

function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.message ? e.message : fallback;
}

/** Six digit boxes, left to right in every language (the app shows the code that way). */
function CodeInput({ value, onChange, onComplete, error, disabled, label }: {
  value: string; onChange: (v: string) => void; onComplete: (v: string) => void; error?: string | null; disabled?: boolean; label: string;
}) {
  const { dir } = useDirection();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>{label}</Text>
      <div dir="ltr" style={{ display: 'flex', justifyContent: dir === 'rtl' ? 'flex-end' : 'flex-start' }}>
        <PinInput length={6} type="number" oneTimeCode value={value} onChange={(v) => onChange(cleanCode(v))} onComplete={onComplete}
          error={!!error} disabled={disabled} aria-label={label} size="md" data-testid="google-code" />
      </div>
      {error && <Text size="xs" c="red" role="alert">{error}</Text>}
    </Stack>
  );
}

/**
 * Google Authenticator (spec §5): bind with a key from apply_key (QR code or the key typed in) and a current
 * code; skip the prompt for 7 days; unbind with a current code. Opened after sign-in as ?redirect=<path>: after
 * binding or skipping, the profile is reloaded and the user goes on to that path.
 */
export default function GoogleValidatorScreen() {
  const intl = useIntl();
  useScreenSelection('auth.googleValidator');
  const { user } = useSnapshot(session);
  const search = useSearch();
  const [, navigate] = useLocation();
  const redirect = new URLSearchParams(search).get('redirect');
  const bound = !!user?.google_bound;

  const [key, setKey] = useState<GoogleKey | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [keyNonce, setKeyNonce] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'bind' | 'unbind' | 'skip' | null>(null);
  const applying = useRef<{ nonce: number; p: Promise<unknown> } | null>(null);
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  // A key to scan, once per visit while not bound (guarded: a second identical request would be refused).
  useEffect(() => {
    if (bound) return;
    if (applying.current?.nonce === keyNonce) return;
    setKey(null);
    setKeyError(null);
    const p = applyGoogleKey()
      .then((r) => setKey(r.data))
      .catch((e) => setKeyError(errorText(e, w('shell.screen.loadFailed'))));
    applying.current = { nonce: keyNonce, p };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bound, keyNonce]);

  const done = async (msg: string) => {
    if (msg) notifyText('success', msg);
    await refreshProfile().catch(() => undefined);
    if (redirect) navigate(safeRedirect(redirect), { replace: true });
  };

  const submit = async (kind: 'bind' | 'unbind', value = code) => {
    if (busy) return;
    if (!/^\d{6}$/.test(value)) {
      setCodeError(w('auth.google.codeRequired'));
      return;
    }
    setBusy(kind);
    setCodeError(null);
    try {
      const res = kind === 'bind' ? await bindGoogleKey(value) : await unbindGoogleKey(value);
      setCode('');
      if (kind === 'unbind') {
        applying.current = null;
        setKeyNonce((n) => n + 1);
      }
      await done(res.msg);
    } catch (e) {
      setCodeError(errorText(e, w('request.error')));
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  const skip = async () => {
    setBusy('skip');
    try {
      const res = await skipGoogle();
      // The server answers a plain "Success": say what the skip means instead.
      await done(w('auth.google.skipped', { date: formatDate(res.data.google_skip_until) }));
    } catch (e) {
      notifyText('error', errorText(e, w('request.error')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Center data-testid="google-screen">
      <Paper withBorder radius="md" p="lg" w="100%" maw={720}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={1} size="h4" fw={600}>{w('route.auth.googleValidator')}</Title>
            <Badge variant="light" color={bound ? 'teal' : 'gray'} tt="none" size="lg" fw={500} data-testid="google-status">
              {w(bound ? 'auth.google.bound' : 'auth.google.notBound')}
            </Badge>
          </Group>

          {bound ? (
            <Stack gap="md">
              <Text size="sm">{w('auth.google.boundText')}</Text>
              <Paper withBorder radius="sm" p="md" bg="var(--mantine-color-default-hover)">
                <Stack gap="sm">
                  <Text fw={600} size="sm">{w('auth.google.unbindTitle')}</Text>
                  <Text size="sm" c="dimmed">{w('auth.google.unbindText')}</Text>
                  <CodeInput label={w('auth.google.code')} value={code} onChange={(v) => { setCode(v); setCodeError(null); }}
                    onComplete={(v) => void submit('unbind', v)} error={codeError} disabled={!!busy} />
                  <Group>
                    <Button color="red" variant="light" size="sm" loading={busy === 'unbind'} onClick={() => void submit('unbind')}>
                      {w('auth.google.unbind')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            </Stack>
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed">{w('auth.google.intro')}</Text>
              {redirect && <Alert variant="light" color="blue" p="xs">{w('auth.google.afterLogin')}</Alert>}
              <Group align="flex-start" gap="lg" wrap="wrap">
                <Paper withBorder radius="sm" p={6} w={212} h={212} bg="white">
                  <Center h="100%">
                    {key ? <Image src={key.qr} w={198} h={198} alt={w('auth.google.qrAlt')} data-testid="google-qr" /> : keyError ? null : <Loader size="sm" />}
                  </Center>
                </Paper>
                <Stack gap="sm" style={{ flex: '1 1 260px' }} miw={0}>
                  <Text size="sm"><Text span fw={600}>1. </Text>{w('auth.google.step1')}</Text>
                  <Text size="sm"><Text span fw={600}>2. </Text>{w('auth.google.step2')}</Text>
                  {key && (
                    <Stack gap={2}>
                      <Text size="xs" c="dimmed">{w('auth.google.secret')}</Text>
                      <div>
                        <CopyText text={key.secret} ff="monospace" fw={600} size="sm" data-testid="google-secret"><span dir="ltr">{groupSecret(key.secret)}</span></CopyText>
                      </div>
                    </Stack>
                  )}
                  {keyError && (
                    <Alert color="red" p="xs" role="alert">
                      <Group justify="space-between" gap="xs">
                        <Text size="sm">{keyError}</Text>
                        <Button size="compact-xs" variant="white" color="red" onClick={() => { applying.current = null; setKeyNonce((n) => n + 1); }}>
                          {w('list.retry')}
                        </Button>
                      </Group>
                    </Alert>
                  )}
                  <Text size="sm"><Text span fw={600}>3. </Text>{w('auth.google.step3')}</Text>
                  <CodeInput label={w('auth.google.code')} value={code} onChange={(v) => { setCode(v); setCodeError(null); }}
                    onComplete={(v) => void submit('bind', v)} error={codeError} disabled={!key || !!busy} />
                  <Group gap="sm">
                    <Button size="sm" loading={busy === 'bind'} disabled={!key} onClick={() => void submit('bind')} data-testid="google-bind">
                      {w('auth.google.bind')}
                    </Button>
                  </Group>
                </Stack>
              </Group>
              <Paper withBorder radius="sm" p="sm">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" c="dimmed" style={{ flex: '1 1 280px' }}>
                    {skipActive(user?.google_skip_until)
                      ? w('auth.google.skippedUntil', { date: formatDate(user!.google_skip_until) })
                      : w('auth.google.skipText', { days: GOOGLE_SKIP_DAYS })}
                  </Text>
                  <Button size="xs" variant="default" loading={busy === 'skip'} disabled={!!busy && busy !== 'skip'} onClick={() => void skip()} data-testid="google-skip">
                    {w('auth.google.skip', { days: GOOGLE_SKIP_DAYS })}
                  </Button>
                </Group>
              </Paper>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
