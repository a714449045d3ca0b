import { Badge, Group, Text } from '@mantine/core';
import type { Parts } from '../../../../schemas/repayment';
import { DEBT_PARTS } from '../../../../schemas/repayment';
import { Dash, Money, OptionText, useWord } from '../parts';

/** Badge colours of repayment, reduction and extension statuses (option.<dict>.<value> gives the words). */
const COLORS: Record<string, string> = {
  success: 'teal', approved: 'teal', passed: 'blue', pending: 'yellow', under_review: 'yellow',
  failed: 'red', rejected: 'red', abnormal: 'orange', revoked: 'gray', expired: 'gray',
};

/** A status of a money record as a small coloured badge. */
export function MoneyStatus({ dict, status }: { dict: string; status: string }) {
  return (
    <Badge size="xs" radius="sm" variant="light" color={COLORS[status] ?? 'gray'} tt="none" style={{ minWidth: 'max-content' }}>
      <OptionText dict={dict} value={status} />
    </Badge>
  );
}

/**
 * The non-zero parts of an allocation or a reduction ("Penalty 10,000 · Interest 5,000"), in the order the money
 * rules name them; `overpaid` (kept as the customer's credit) last.
 */
export function PartsText({ parts, currency, overpaid }: { parts: Parts; currency: string; overpaid?: number }) {
  const word = useWord();
  const items = DEBT_PARTS.filter((k) => parts[k] > 0).map((k) => ({ key: k, label: word(`customer.part.${k}`), minor: parts[k] }));
  if (overpaid) items.push({ key: 'credit' as never, label: word('customer.part.credit'), minor: overpaid });
  if (!items.length) return <Dash />;
  return (
    <Group gap={6} wrap="nowrap" data-testid="parts">
      {items.map((i) => (
        <Text key={i.key} span size="xs" style={{ whiteSpace: 'nowrap' }}>
          <Text span size="xs" c="dimmed">{i.label}</Text> <Money minor={i.minor} currency={currency} />
        </Text>
      ))}
    </Group>
  );
}

/** The spec §5 flag: repaid in total more than the contract amount. */
export function OverContract({ value }: { value: boolean }) {
  const word = useWord();
  if (!value) return null;
  return (
    <Badge size="xs" radius="sm" color="orange" variant="filled" tt="none" style={{ minWidth: 'max-content' }} data-testid="over-contract">
      {word('customer.money.overContract')}
    </Badge>
  );
}
