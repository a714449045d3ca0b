import { useEffect, useMemo } from 'react';
import { Anchor, Button, Center, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearch } from 'wouter';
import { useT } from '../intl/useT';
import { Icon } from '../layout/icons';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { sipNumber } from './sip';


/**
 * /sip?phone=… (spec §2 public route "sip"): hands the number to the softphone registered for sip: links and
 * shows the link, for when the browser asks first or no softphone answers.
 */
export default function SipPage() {
  const t = useT();
  const search = useSearch();
  const phone = useMemo(() => sipNumber(new URLSearchParams(search).get('phone')), [search]);
  const href = phone ? `sip:${phone}` : '';
  useDocumentTitle(t('shell.sip.title'));

  useEffect(() => {
    if (href) window.location.href = href;
  }, [href]);

  return (
    <Center mih="100vh" p="md" className="state-page">
      <Paper withBorder radius="md" p="xl" w={400} maw="100%">
        <Stack gap="md">
          <Group gap="xs">
            <Icon name="phone" />
            <Title order={1} size="h4">{t('shell.sip.title')}</Title>
          </Group>
          {phone ? (
            <>
              <Text size="sm" c="dimmed">{t('shell.sip.opening')}</Text>
              <Anchor href={href} size="xl" fw={600} className="sip-number" data-testid="sip-link" dir="ltr">{phone}</Anchor>
              <Group gap="xs">
                <Button component="a" href={href} leftSection={<Icon name="phone" size={16} />}>{t('shell.sip.call')}</Button>
                <CopyButton value={phone}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy}>{copied ? t('shell.sip.copied') : t('shell.sip.copy')}</Button>
                  )}
                </CopyButton>
              </Group>
            </>
          ) : (
            <Text size="sm" c="red" data-testid="sip-invalid">{t('shell.sip.noPhone')}</Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
