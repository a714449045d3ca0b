import { Anchor, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { clock, secondsSince } from './logic';

/** Spec §2: the call dialog is 400 by 100. */
const WIDTH = 400;
const HEIGHT = 100;

export interface ActiveCall {
  callId: number;
  caseId: number;
  link: string;
  /** Who, as the softphone setting names it (a_text) or the contact's name. */
  name: string;
  /** The number as the reader may see it. */
  phone: string;
  startedAt: number;
}

/**
 * The call in progress, 400×100 at the bottom corner: who, the number (masked for privacy protection), the time
 * running, the softphone link again, and End (e). Not a modal: the result keys 1–6 stay live and end the call too.
 */
export function CallBox({ call, onEnd }: { call: ActiveCall | null; onEnd: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!call) return;
    setNow(Date.now());
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, [call]);
  if (!call) return null;
  return (
    <Paper shadow="md" withBorder radius="md" p="xs" role="status" aria-live="polite" data-testid="wb-call-box" data-call={call.callId}
      style={{ position: 'fixed', insetInlineEnd: 24, bottom: 24, width: WIDTH, minHeight: HEIGHT, zIndex: 190 }}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate>{call.name}</Text>
            <Text size="sm" dir="ltr" style={{ unicodeBidi: 'isolate' }} data-testid="wb-call-number">{call.phone}</Text>
          </Stack>
          <Text size="lg" fw={600} dir="ltr" data-testid="wb-call-clock">{clock(secondsSince(call.startedAt, now))}</Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor href={call.link} size="xs" target={/^https?:/i.test(call.link) ? '_blank' : undefined} rel="noopener">{t('collectionWorkbench.call.openLink')}</Anchor>
          <Text size="xs" c="dimmed" truncate>{t('collectionWorkbench.call.hint')}</Text>
          <Button size="compact-xs" color="red" variant="light" onClick={onEnd} data-testid="wb-call-end">{t('collectionWorkbench.call.end')}<Kbd size="xs" ms={4}>E</Kbd></Button>
        </Group>
      </Stack>
    </Paper>
  );
}
