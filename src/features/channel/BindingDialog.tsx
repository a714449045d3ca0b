import { Alert, Badge, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { executeCommand, reportCommandError } from '../../app/commands';
import type { BindingRow, ChannelRow } from '../../schemas/channel';
import { useRemote } from '../../ui/useRemote';
import { channelApi } from './channel.api';

/**
 * The staff accounts of a channel's merchant, each with a box: checked accounts work this channel (a marketing agent
 * sees its channels' customers). A change is saved at once through `merchant.channel.bind` (admin_binding_channel/edit),
 * keeping the account's other channels.
 */
export function BindingDialog({ channel, onClose }: { channel: ChannelRow | null; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const list = useRemote((signal) => (channel ? channelApi.bindings(channel.id, signal) : Promise.resolve([] as BindingRow[])), [channel?.id]);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (list.data ?? []).filter((a) => !q || a.account.toLowerCase().includes(q) || a.name.toLowerCase().includes(q));
  }, [list.data, query]);

  const toggle = async (a: BindingRow, on: boolean) => {
    if (!channel) return;
    const next = on ? [...new Set([...a.channel_ids, channel.id])] : a.channel_ids.filter((id) => id !== channel.id);
    setBusy(a.account_id);
    try {
      await executeCommand('merchant.channel.bind', { account_id: a.account_id, channel_ids: next }, { intl });
      list.reload();
    } catch (e) {
      reportCommandError(e, intl);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={channel !== null} onClose={onClose} size="lg" data-testid="channel-binding-dialog"
      title={channel ? w('channel.bind.title', { code: channel.code, name: channel.name }) : ''}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{w('channel.bind.intro')}</Text>
        <TextInput placeholder={w('channel.bind.search')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} data-autofocus />
        {list.loading && <Loader size="sm" />}
        {list.error && <Alert color="red">{w('channel.bind.loadFailed')}</Alert>}
        {!list.loading && !rows.length && !list.error && <Text size="sm" c="dimmed">{w('channel.bind.none')}</Text>}
        <ScrollArea.Autosize mah={420}>
          <Stack gap={6}>
            {rows.map((a) => {
              const on = channel ? a.channel_ids.includes(channel.id) : false;
              return (
                <Group key={a.account_id} justify="space-between" wrap="nowrap">
                  <Checkbox checked={on} disabled={busy !== null} label={`${a.name} (${a.account})`} onChange={(e) => void toggle(a, e.currentTarget.checked)} />
                  <Badge variant="light" color="gray">{w('channel.bind.count', { count: a.channel_ids.length })}</Badge>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
