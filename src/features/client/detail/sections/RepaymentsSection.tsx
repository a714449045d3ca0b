import { Stack, Text } from '@mantine/core';
import type { RepaymentView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Dash, MiniTable, Money, OptionText, Time } from '../parts';
import { MoneyStatus, OverContract, PartsText } from './money';

/**
 * Repayments of the customer's orders (repayment table), newest first: what was asked and received, how it was
 * allocated over penalty, interest, fee and principal (and kept as credit above the debt), where the money came from,
 * who recorded it, and for a revoked one when, by whom and why.
 */
export function RepaymentsSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<RepaymentView>
      label="customer.section.repayments"
      rows={detail.repayments}
      columns={[
        { key: 'created_at', title: 'customer.field.time', render: (r) => <Time value={r.created_at} /> },
        { key: 'serial_no', title: 'customer.field.serial_no', render: (r) => <Copy text={r.serial_no} /> },
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'type', title: 'customer.field.type', render: (r) => <OptionText dict="repayment_type" value={r.type} /> },
        {
          key: 'status', title: 'customer.field.status',
          render: (r) => (
            <Stack gap={2}>
              <MoneyStatus dict="repayment_status" status={r.status} />
              {r.abnormal_reason && <Text span size="xs" c="orange"><OptionText dict="abnormal_reason" value={r.abnormal_reason} /></Text>}
            </Stack>
          ),
        },
        { key: 'requested', title: 'customer.field.requested_amount', align: 'right', render: (r) => <Money minor={r.requested_minor} currency={r.currency} /> },
        { key: 'success', title: 'customer.field.success_amount', align: 'right', render: (r) => <Money minor={r.success_minor} currency={r.currency} /> },
        { key: 'allocated', title: 'customer.field.allocation', render: (r) => <PartsText parts={r.allocated} overpaid={r.allocated.overpaid} currency={r.currency} /> },
        { key: 'over_contract', title: 'customer.field.over_contract', render: (r) => (r.over_contract ? <OverContract value /> : <Dash />) },
        { key: 'channel', title: 'customer.field.channel', render: (r) => r.channel || <Dash /> },
        { key: 'card', title: 'customer.field.card_or_va', render: (r) => <Copy text={r.card_no || r.va_number} /> },
        { key: 'reference', title: 'customer.field.reference', render: (r) => <Copy text={r.reference} /> },
        { key: 'operator', title: 'customer.field.operator', render: (r) => r.operator ?? <Dash /> },
        { key: 'paid_at', title: 'customer.field.paid_at', render: (r) => <Time value={r.paid_at} /> },
        {
          key: 'revoked', title: 'customer.field.revoked', wrap: true,
          render: (r) => (r.revoked_at ? (
            <Text span size="xs">
              <Time value={r.revoked_at} />{r.revoked_by ? ` · ${r.revoked_by}` : ''}{r.revoke_reason ? ` · ${r.revoke_reason}` : ''}
            </Text>
          ) : <Dash />),
        },
        { key: 'remark', title: 'customer.field.remark', wrap: true, render: (r) => r.remark || <Dash /> },
      ]}
    />
  );
}
