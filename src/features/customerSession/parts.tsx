import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useRemote } from '../../ui/useRemote';
import { getMerchantOptions } from './customerSession.api';

/** The merchants of the reader's scope as filter choices ("All" first). */
export function useMerchantChoices() {
  const intl = useIntl();
  const remote = useRemote((signal) => getMerchantOptions(signal), []);
  return useMemo(() => [
    { value: '', label: intl.formatMessage({ id: 'list.all' }) },
    ...(remote.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
  ], [remote.data, intl]);
}

/** Merchant, phone and result filters every list of the area has. */
export function CommonFilters({ draft, set, merchants }: {
  draft: { merchant_id: string; phone: string; success?: string };
  set: (patch: Record<string, string>) => void;
  merchants: { value: string; label: string }[];
}) {
  const intl = useIntl();
  const results = [
    { value: '', label: intl.formatMessage({ id: 'list.all' }) },
    { value: '1', label: intl.formatMessage({ id: 'customerSession.result.success' }) },
    { value: '0', label: intl.formatMessage({ id: 'customerSession.result.failed' }) },
  ];
  return (
    <>
      <Select size="xs" w={200} label={intl.formatMessage({ id: 'field.merchant_id' })} data={merchants} value={draft.merchant_id}
        onChange={(v) => set({ merchant_id: v ?? '' })} allowDeselect={false} searchable name="merchant_id" />
      <TextInput size="xs" w={140} label={intl.formatMessage({ id: 'field.phone' })} value={draft.phone} dir="ltr" inputMode="tel"
        onChange={(e) => set({ phone: e.currentTarget.value })} name="phone" />
      {draft.success !== undefined && (
        <Select size="xs" w={120} label={intl.formatMessage({ id: 'customerSession.field.result' })} data={results} value={draft.success}
          onChange={(v) => set({ success: v ?? '' })} allowDeselect={false} name="success" />
      )}
    </>
  );
}

/**
 * A refusal's message in the reader's language. A log row keeps the message id, not its arguments (a limit, a
 * distance): those read "…" rather than leaving the sentence unsaid. Undefined for an unknown id.
 */
function reasonText(intl: IntlShape, id: string): string | undefined {
  const text = intl.messages[id];
  if (typeof text !== 'string') return undefined;
  const values = Object.fromEntries([...text.matchAll(/\{\s*(\w+)/g)].map((m) => [m[1], '…']));
  try {
    return intl.formatMessage({ id }, values);
  } catch {
    return undefined;
  }
}

/** Success, or failure with its reason in words (a known reason id, else the raw reason). */
export function ResultCell({ success, reason, prefix }: { success: boolean; reason: string; prefix: string }) {
  const intl = useIntl();
  const id = reason.includes('.') ? reason : `${prefix}${reason}`;
  const why = reason ? reasonText(intl, id) ?? reason : '';
  return (
    <Group gap={6} wrap="nowrap">
      <Badge size="sm" variant="light" color={success ? 'teal' : 'red'} tt="none" fw={500}>
        {intl.formatMessage({ id: success ? 'customerSession.result.success' : 'customerSession.result.failed' })}
      </Badge>
      {!success && why && <Text size="xs" c="dimmed">{why}</Text>}
    </Group>
  );
}

/** The customer: name over the phone (masked by the server for privacy-protected readers). */
export function CustomerCell({ name, phone }: { name: string | null; phone: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>{name ?? '—'}</Text>
      <Text size="xs" c="dimmed" dir="ltr">{phone}</Text>
    </Stack>
  );
}
