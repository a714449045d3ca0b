import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { useT } from '../intl/useT';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { HOME_PATH } from '../router/paths';

/**
 * /404 (spec §2 public route): unknown paths, and screens the session may not open (the route table is built
 * from the session's permissions, so a screen outside it is as unknown as a mistyped path).
 */
export default function NotFoundPage() {
  const t = useT();
  const [, navigate] = useLocation();
  useDocumentTitle(t('shell.notFound.title'));
  return (
    <Center mih="100vh" p="xl" className="state-page">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Text className="state-page__code" aria-hidden>404</Text>
        <Title order={1} size="h3">{t('shell.notFound.title')}</Title>
        <Text c="dimmed" size="sm">{t('shell.notFound.text')}</Text>
        <Group mt="md">
          <Button variant="default" onClick={() => window.history.back()}>{t('shell.common.back')}</Button>
          <Button onClick={() => navigate(HOME_PATH, { replace: true })} data-testid="notfound-home">{t('shell.notFound.home')}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
