import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../../../app/api/request';
import { Icon } from '../../../app/layout/icons';
import { COLLECTION_SETUP_API, softphoneConfigOf, softphoneLink, softphoneLinkText, type SoftphoneSetting } from '../../../schemas/collectionSetup';
import type { CallInfo } from '../../../schemas/customer';
import { customerApi } from './customerDetail.api';
import type { CallRequest } from './DetailContext';
import { useWord } from './parts';

/** Spec §2: the call dialog is 400 by 100. */
export const CALL_DIALOG_WIDTH = 400;
export const CALL_DIALOG_HEIGHT = 100;

/** A web softphone (url setting) opens in a tab of its own, so that the console page stays. */
const isWeb = (url: string) => /^https?:/i.test(url);

/** Hands a sip: link to the softphone registered for it, or opens a web softphone's link in a new tab (the console page stays). */
export function openSoftphone(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  if (isWeb(url)) a.target = '_blank';
  a.click();
}

/**
 * The softphone setting a call of this customer uses (/empower/outbound: the first enabled one of the customer's
 * merchant, else a global one); null when there is none or it cannot be read (the server's `sip:` link is used).
 */
export function fetchSoftphone(customerId: number, signal?: AbortSignal): Promise<SoftphoneSetting | null> {
  return api.get<SoftphoneSetting | null>(COLLECTION_SETUP_API.softphone, { customer_id: customerId }, { silent: true, signal })
    .then((s) => s ?? null, () => null);
}

/**
 * The call dialog: who and which number; Call logs the call (POST customer/call_log: customer_call and the
 * operation log) and opens the softphone link: the number the server answers (`sip:<number>`) through the configured
 * softphone (`softphoneLink`: sip:{phone}@domain, or a web softphone's template), or the server's link as it is when
 * no softphone is configured. The link's text is the setting's (sip_text / a_text). The number shown is masked for
 * privacy protection; the link carries the real one, for the softphone only.
 */
export function CallDialog({ customerId, request, masked, onClose }: { customerId: number; request: CallRequest | null; masked: boolean; onClose: () => void }) {
  const word = useWord();
  const [info, setInfo] = useState<(CallInfo & { link: string; linkText: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [setting, setSetting] = useState<SoftphoneSetting | null>(null);
  const open = request !== null;
  useEffect(() => setInfo(null), [request]);
  useEffect(() => {
    if (!open) return undefined;
    const ctl = new AbortController();
    void fetchSoftphone(customerId, ctl.signal).then((s) => !ctl.signal.aborted && setSetting(s));
    return () => ctl.abort();
  }, [open, customerId]);

  const call = async () => {
    if (!request) return;
    setBusy(true);
    const config = softphoneConfigOf(setting);
    // A web softphone's tab is opened now, within the click (a tab opened after the request would be blocked).
    const tab = config?.type === 'url' ? window.open?.('about:blank', '_blank') ?? null : null;
    try {
      const res = await customerApi.callLog({ customer_id: customerId, target: request.target, contact_id: request.contactId });
      const link = config ? softphoneLink(config, res.url.replace(/^sip:/i, '')) : res.url;
      setInfo({ ...res, link, linkText: softphoneLinkText(config, word('shell.sip.call')) });
      if (tab && isWeb(link)) {
        tab.opener = null;
        tab.location.href = link;
      } else {
        tab?.close();
        openSoftphone(link);
      }
    } catch {
      tab?.close();
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      size={CALL_DIALOG_WIDTH}
      centered
      title={word('shell.sip.title')}
      data-testid="call-dialog"
      styles={{ content: { minHeight: CALL_DIALOG_HEIGHT } }}
    >
      {request && (
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} truncate>{info?.a_text || request.name}</Text>
              <Text size="sm" dir="ltr" style={{ unicodeBidi: 'isolate' }} data-testid="call-number">{info?.sip_text || request.phone}</Text>
            </Stack>
            {info ? (
              <Anchor href={info.link} size="sm" data-testid="sip-link" {...(isWeb(info.link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{info.linkText}</Anchor>
            ) : (
              <Button size="sm" color="teal" leftSection={<Icon name="phone" size={16} />} onClick={call} loading={busy} data-autofocus data-testid="call-start">
                {word('shell.sip.call')}
              </Button>
            )}
          </Group>
          {info && (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed">{word('shell.sip.opening')}</Text>
              {/* The softphone page shows the number, so it is offered only to readers who see numbers unmasked. */}
              {!masked && (
                <Anchor href={`/sip?phone=${encodeURIComponent(info.url.replace(/^sip:/, ''))}&customer_id=${customerId}`} target="_blank" size="xs" style={{ whiteSpace: 'nowrap' }}>
                  {word('customer.call.page')}
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
