import { useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../intl/useT';
import { loginUrl, safeRedirect } from '../router/paths';
import { session } from '../state/session';

/** Where an external sign-in hands its result to the window that opened it. */
export const OAUTH_CODE_KEY = 'x-admin-oauth-code';

/**
 * /auth-redirect (spec §2 public route): the landing page of an external sign-in window. It hands the query to
 * the opener through localStorage and closes; opened directly, it continues to `redirect` (signed in) or to login.
 * It never accepts a token from the URL.
 */
export default function AuthRedirectPage() {
  const t = useT();
  const search = useSearch();
  const [, navigate] = useLocation();

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (window.opener && search) {
      try {
        localStorage.setItem(OAUTH_CODE_KEY, search);
      } catch {
        // nothing to hand over
      }
      window.close();
      return;
    }
    const target = safeRedirect(params.get('redirect'));
    navigate(session.token ? target : loginUrl(target), { replace: true });
  }, [search, navigate]);

  return (
    <Center mih="100vh">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">{t('shell.authRedirect.text')}</Text>
      </Stack>
    </Center>
  );
}
