import { Badge, Group, Text } from '@mantine/core';
import type { CoDebtView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Copy, Ltr, MiniTable, Money, Time, useWord } from '../parts';
import { OrderStatus } from './LoanSection';

/** Co-debt: open loans of the same person (ID number, phone or device) under other customer records. */
export function CoDebtSection() {
  const { detail } = useDetail();
  const word = useWord();
  const f = detail.co_debt_finding;
  return (
    <>
    {f && (
      <Group gap="xs" mb={4} data-testid="co-debt-finding">
        <Badge size="sm" color={f.over.length ? 'red' : 'teal'} variant="light">{word(f.over.length ? 'customer.coDebt.over' : 'customer.coDebt.within')}</Badge>
        <Text size="xs">
          {word('customer.coDebt.finding', undefined, { open: f.open_loans, days: f.max_overdue_days })}{' · '}
          <Money minor={f.outstanding_minor} currency={f.currency} />
          {f.over.length > 0 && ` · ${f.over.map((o) => word(`coDebt.over.${o}`, o)).join(', ')}`}
        </Text>
      </Group>
    )}
    <MiniTable<CoDebtView>
      label="customer.section.coDebt"
      rows={detail.co_debt}
      rowKey={(r) => r.order_no}
      columns={[
        { key: 'customer_code', title: 'customer.field.code', render: (r) => <Copy text={r.customer_code} /> },
        { key: 'merchant', title: 'customer.field.merchant', render: (r) => (r.in_scope ? r.merchant_name : word('customer.coDebt.otherMerchant')) },
        { key: 'matched_by', title: 'customer.field.matched_by', render: (r) => <Coded group="match" value={r.matched_by} /> },
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'status', title: 'customer.field.status', render: (r) => <OrderStatus status={r.status} /> },
        { key: 'loan', title: 'customer.field.loan_amount', align: 'right', render: (r) => <Money minor={r.loan_amount_minor} currency={r.currency} /> },
        { key: 'debt', title: 'customer.field.remaining_debt', align: 'right', render: (r) => <Money minor={r.remaining_debt_minor} currency={r.currency} /> },
        { key: 'due', title: 'customer.field.due_date', render: (r) => <Time value={r.due_date} date /> },
        { key: 'overdue', title: 'customer.field.overdue_days', align: 'right', render: (r) => <Ltr>{r.overdue_days}</Ltr> },
      ]}
    />
    </>
  );
}
