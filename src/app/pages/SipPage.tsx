import { useEffect, useMemo, useState } from 'react';
import { Anchor, Button, Center, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { COLLECTION_SETUP_API, softphoneConfigOf, softphoneLink, softphoneLinkText, type SoftphoneSetting } from '../../schemas/collectionSetup';
import { api } from '../api/request';
import { useT } from '../intl/useT';
import { Icon } from '../layout/icons';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { session } from '../state/session';
import { sipNumber } from './sip';

/** A positive id from the query, else undefined. */
const queryId = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/**
 * /sip?phone=…[&customer_id=…|&merchant_id=…] (spec §2 public route "sip"): opens the number in the softphone and
 * shows the link, for when the browser asks first or no softphone answers. Signed in, the link is built with the
 * configured softphone (/empower/outbound: the customer's or merchant's first enabled setting, else a global one;
 * `softphoneLink`); without a session, or when none is configured, it is `sip:{phone}`.
 */
export default function SipPage() {
  const t = useT();
  const search = useSearch();
  const { token } = useSnapshot(session);
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const phone = useMemo(() => sipNumber(query.get('phone')), [query]);
  const customerId = queryId(query.get('customer_id'));
  const merchantId = queryId(query.get('merchant_id'));
  // undefined: still asking which softphone; null: none (sip:{phone}).
  const [setting, setSetting] = useState<SoftphoneSetting | null | undefined>(token && phone ? undefined : null);
  useDocumentTitle(t('shell.sip.title'));

  useEffect(() => {
    if (!token || !phone) {
      setSetting(null);
      return undefined;
    }
    const ctl = new AbortController();
    api.get<SoftphoneSetting | null>(COLLECTION_SETUP_API.softphone, { customer_id: customerId, merchant_id: merchantId }, { silent: true, signal: ctl.signal })
      .then((s) => !ctl.signal.aborted && setSetting(s ?? null), () => !ctl.signal.aborted && setSetting(null));
    return () => ctl.abort();
  }, [token, phone, customerId, merchantId]);

  const config = softphoneConfigOf(setting);
  const href = phone && setting !== undefined ? softphoneLink(config, phone) : '';
  const linkText = softphoneLinkText(config, phone);

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
              <Anchor href={href || undefined} size="xl" fw={600} className="sip-number" data-testid="sip-link" dir="ltr">{linkText}</Anchor>
              <Group gap="xs">
                <Button component="a" href={href || undefined} disabled={!href} leftSection={<Icon name="phone" size={16} />}>{t('shell.sip.call')}</Button>
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
