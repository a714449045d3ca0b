import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Icon } from '../../../app/layout/icons';
import type { CallInfo } from '../../../schemas/customer';
import { customerApi } from './customerDetail.api';
import type { CallRequest } from './DetailContext';
import { useWord } from './parts';

/** Spec §2: the call dialog is 400 by 100. */
export const CALL_DIALOG_WIDTH = 400;
export const CALL_DIALOG_HEIGHT = 100;

/** Hands a sip: link to the softphone registered for it (the console page stays). */
export function openSoftphone(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.click();
}

/**
 * The call dialog: who and which number; Call logs the call (POST customer/call_log: customer_call and the
 * operation log) and opens the softphone link the server answers (`sip:<number>`). The number shown is masked for
 * privacy protection; the link carries the real one, for the softphone only.
 */
export function CallDialog({ customerId, request, masked, onClose }: { customerId: number; request: CallRequest | null; masked: boolean; onClose: () => void }) {
  const word = useWord();
  const [info, setInfo] = useState<CallInfo | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setInfo(null), [request]);

  const call = async () => {
    if (!request) return;
    setBusy(true);
    try {
      const res = await customerApi.callLog({ customer_id: customerId, target: request.target, contact_id: request.contactId });
      setInfo(res);
      openSoftphone(res.url);
    } catch {
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
              <Anchor href={info.url} size="sm" data-testid="sip-link">{word('shell.sip.call')}</Anchor>
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
                <Anchor href={`/sip?phone=${encodeURIComponent(info.url.replace(/^sip:/, ''))}`} target="_blank" size="xs" style={{ whiteSpace: 'nowrap' }}>
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
