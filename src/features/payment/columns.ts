import type { IntlShape } from 'react-intl';
import type {
  AutoLoanRuleRow, ChannelRow, PayCardRow, PaymentConfigRow, PaymentEventRow, PaymentOrderRow, TransferRow,
} from '../../schemas/payment';
import type { GridColumnDef } from '../../ui/DataGrid';

/** Column sets of the payment screens (money in minor units of the row's currency). */

function word(intl: IntlShape, prefix: string, value: string | null | undefined): string {
  if (!value) return '';
  const id = `${prefix}.${value}`;
  return id in intl.messages ? intl.formatMessage({ id }) : value;
}
const yesNo = (intl: IntlShape, v: boolean | null | undefined) => (v === null || v === undefined ? '' : intl.formatMessage({ id: v ? 'payment.yes' : 'payment.no' }));

/** Pill colours: waiting (violet), moving (cyan), done (green), failed (red). */
export const TRANSFER_COLORS: Record<string, string> = { pending_review: '#7048e8', in_progress: '#0c8599', success: '#2f9e44', failure: '#c92a2a' };

export function transferColumns(intl: IntlShape): GridColumnDef<TransferRow>[] {
  return [
    { key: 'transfer_no', title: 'field.transfer_no', width: 190 },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', width: 160 },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'status', title: 'field.status', kind: 'tag', width: 120, format: (r) => word(intl, 'option.transfer_status', r.status), tagColor: (r) => TRANSFER_COLORS[r.status] },
    { key: 'amount', title: 'field.amount', kind: 'money', sortable: true, width: 140 },
    { key: 'fee', title: 'field.fee', kind: 'money', width: 110 },
    { key: 'loan_amount', title: 'field.loan_amount', kind: 'money', width: 140 },
    { key: 'channel_name', title: 'field.payout_channel_id', width: 150 },
    { key: 'provider_ref', title: 'field.provider_ref', width: 200 },
    { key: 'attempts', title: 'field.attempts', kind: 'number', width: 80 },
    { key: 'audit_reason', title: 'field.audit_reason', width: 150, format: (r) => word(intl, 'option.audit_reason', r.audit_reason) },
    { key: 'manual', title: 'field.manual', kind: 'tag', width: 90, format: (r) => yesNo(intl, r.manual) },
    { key: 'manual_reference', title: 'field.manual_reference', width: 170 },
    { key: 'failure_reason', title: 'field.failure_reason', width: 220 },
    { key: 'reversed', title: 'field.reversed', kind: 'tag', width: 90, format: (r) => yesNo(intl, r.reversed), tagColor: (r) => (r.reversed ? '#e8590c' : undefined) },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'sent_at', title: 'field.sent_at', kind: 'datetime' },
    { key: 'completed_at', title: 'field.completed_at', kind: 'datetime' },
  ];
}

export function paymentOrderColumns(intl: IntlShape): GridColumnDef<PaymentOrderRow>[] {
  return [
    { key: 'payment_no', title: 'field.payment_no', width: 190 },
    { key: 'transfer_no', title: 'field.transfer_no', width: 190 },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'status', title: 'field.status', kind: 'tag', width: 120, format: (r) => word(intl, 'option.transfer_status', r.status), tagColor: (r) => TRANSFER_COLORS[r.status] },
    { key: 'amount', title: 'field.amount', kind: 'money', width: 140 },
    { key: 'channel_name', title: 'field.payout_channel_id', width: 150 },
    { key: 'provider', title: 'field.provider', width: 100, format: (r) => word(intl, 'option.provider', r.provider) },
    { key: 'provider_ref', title: 'field.provider_ref', width: 200 },
    { key: 'failure_reason', title: 'field.failure_reason', width: 220 },
    { key: 'check_count', title: 'field.check_count', kind: 'number', width: 90 },
    { key: 'checked_at', title: 'field.checked_at', kind: 'datetime' },
    { key: 'callback_at', title: 'field.callback_at', kind: 'datetime' },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'completed_at', title: 'field.completed_at', kind: 'datetime' },
  ];
}

export function eventColumns(intl: IntlShape): GridColumnDef<PaymentEventRow>[] {
  return [
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'kind', title: 'field.event_kind', kind: 'tag', width: 110, format: (r) => word(intl, 'option.event_kind', r.kind) },
    { key: 'payment_no', title: 'field.payment_no', width: 190 },
    { key: 'transfer_no', title: 'field.transfer_no', width: 190 },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'status', title: 'field.status', width: 110, format: (r) => word(intl, 'option.transfer_status', r.status) },
    { key: 'provider_ref', title: 'field.provider_ref', width: 200 },
    { key: 'body', title: 'field.body', width: 420, format: (r) => (r.body == null ? '' : JSON.stringify(r.body)) },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
  ];
}

export function channelColumns(intl: IntlShape): GridColumnDef<ChannelRow>[] {
  return [
    { key: 'code', title: 'field.code', width: 140 },
    { key: 'name', title: 'field.name', width: 180 },
    { key: 'provider', title: 'field.provider', kind: 'tag', width: 100, format: (r) => word(intl, 'option.provider', r.provider) },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => yesNo(intl, r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'is_default', title: 'field.is_default', kind: 'tag', width: 90, format: (r) => yesNo(intl, r.is_default) },
    {
      key: 'config', title: 'field.channel_settings', width: 320,
      format: (r) => (r.provider === 'http' ? r.config.url : intl.formatMessage({ id: 'payment.sandboxSettings' }, { latency: r.config.latency_ms, rate: r.config.failure_rate })),
    },
    { key: 'has_sign_secret', title: 'field.sign_secret', kind: 'tag', width: 100, format: (r) => yesNo(intl, r.has_sign_secret) },
    { key: 'last_test_ok', title: 'field.last_test_ok', kind: 'tag', width: 110, format: (r) => yesNo(intl, r.last_test_ok), tagColor: (r) => (r.last_test_ok === false ? '#c92a2a' : undefined) },
    { key: 'last_test_message', title: 'field.last_test_message', width: 200 },
    { key: 'last_test_at', title: 'field.last_test_at', kind: 'datetime' },
    { key: 'remark', title: 'field.remark', width: 200 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ];
}

export function configColumns(intl: IntlShape): GridColumnDef<PaymentConfigRow>[] {
  return [
    { key: 'merchant_code', title: 'field.code', width: 110 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 200 },
    { key: 'channel_name', title: 'field.payout_channel_id', width: 170, format: (r) => r.channel_name ?? intl.formatMessage({ id: 'payment.defaultChannel' }) },
    { key: 'auto_payout', title: 'field.auto_payout', kind: 'tag', width: 110, format: (r) => yesNo(intl, r.auto_payout) },
    { key: 'audit_enabled', title: 'field.audit_enabled', kind: 'tag', width: 110, format: (r) => yesNo(intl, r.audit_enabled) },
    { key: 'audit_above', title: 'field.audit_above', kind: 'money', width: 140 },
    { key: 'min_payout', title: 'field.min_payout', kind: 'money', width: 130 },
    { key: 'max_payout', title: 'field.max_payout', kind: 'money', width: 130 },
    { key: 'payout_fee_new', title: 'field.payout_fee_new', kind: 'money', width: 130 },
    { key: 'payout_fee_returning', title: 'field.payout_fee_returning', kind: 'money', width: 130 },
    { key: 'updated_at', title: 'field.updated_at', kind: 'datetime' },
  ];
}

export function ruleColumns(intl: IntlShape): GridColumnDef<AutoLoanRuleRow>[] {
  return [
    { key: 'name', title: 'field.name', width: 200 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 180 },
    { key: 'customer_type', title: 'field.customer_type', kind: 'tag', width: 120, format: (r) => word(intl, 'option.rule_customer_type', r.customer_type) },
    { key: 'max_amount', title: 'field.max_amount', kind: 'money', width: 140 },
    { key: 'min_settled_loans', title: 'field.min_settled_loans', kind: 'number', width: 130 },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => yesNo(intl, r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'sort', title: 'field.sort', kind: 'number', width: 80 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ];
}

export function payCardColumns(intl: IntlShape): GridColumnDef<PayCardRow>[] {
  return [
    { key: 'bank_name', title: 'field.bank_name', width: 170 },
    { key: 'account_name', title: 'field.account_name', width: 190 },
    { key: 'account_number', title: 'field.account_number', width: 190 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 180 },
    { key: 'channel_name', title: 'field.payout_channel_id', width: 160 },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => yesNo(intl, r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'sort', title: 'field.sort', kind: 'number', width: 80 },
    { key: 'remark', title: 'field.remark', width: 220 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ];
}
