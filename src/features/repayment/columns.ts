import type { IntlShape } from 'react-intl';
import type { RepaymentRow } from '../../schemas/repayment';
import type { GridColumnDef } from '../../ui/DataGrid';

/** A row of the repayment lists: RepaymentRow plus the allocation as flat fields (grid columns) and, on the manual list, its vouchers. */
export type RepaymentGridRow = RepaymentRow & {
  penalty: number;
  interest: number;
  fee: number;
  principal: number;
  overpaid: number;
  channel_id: number | null;
  resolved_by: string | null;
  resolved_at: string | null;
  revoked_by: string | null;
  proofs?: Array<{ id: number; file_url: string; proof_type: string; result: string }>;
};

/** Words an enum value from the catalogue (`<prefix>.<value>`), else the value itself. */
export function word(intl: IntlShape, prefix: string, value: string | null | undefined): string {
  if (!value) return '';
  const id = `${prefix}.${value}`;
  return id in intl.messages ? intl.formatMessage({ id }) : value;
}

/** Pill colours by repayment status: waiting (violet), done (green), failed / expired (grey, red), undone (orange), abnormal (red). */
export const STATUS_COLORS: Record<string, string> = {
  pending: '#7048e8', success: '#2f9e44', failed: '#c92a2a', expired: '#868e96', revoked: '#e8590c', abnormal: '#c92a2a',
};
/** The over-contract badge (spec §5: flagged as a warning). */
export const WARNING_COLOR = '#f08c00';

export type ColumnSet = 'all' | 'abnormal' | 'manual';

/** The columns of a repayment list; the abnormal list adds how it was handled, the manual list its vouchers. */
export function repaymentColumns(intl: IntlShape, set: ColumnSet = 'all'): GridColumnDef<RepaymentGridRow>[] {
  const t = (id: string) => intl.formatMessage({ id });
  const cols: GridColumnDef<RepaymentGridRow>[] = [
    { key: 'serial_no', title: 'repayment.field.serial_no', width: 190 },
    { key: 'order_no', title: 'repayment.field.order_no', width: 170 },
    { key: 'customer_name', title: 'repayment.field.customer_name', width: 150 },
    { key: 'phone', title: 'repayment.field.phone', width: 130 },
    { key: 'type', title: 'repayment.field.type', kind: 'tag', width: 130, format: (r) => word(intl, 'option.repayment_type', r.type) },
    {
      key: 'status', title: 'repayment.field.status', kind: 'tag', width: 110,
      format: (r) => word(intl, 'option.repayment_status', r.status), tagColor: (r) => STATUS_COLORS[r.status],
    },
  ];
  if (set === 'abnormal') {
    cols.push(
      { key: 'abnormal_reason', title: 'repayment.field.abnormal_reason', kind: 'tag', width: 150, format: (r) => word(intl, 'option.abnormal_reason', r.abnormal_reason), tagColor: () => '#c92a2a' },
      {
        key: 'resolution', title: 'repayment.field.resolution', kind: 'tag', width: 120,
        format: (r) => (r.resolution ? word(intl, 'option.abnormal_resolution', r.resolution) : t('repayment.unhandled')), tagColor: (r) => (r.resolution ? '#2f9e44' : '#f08c00'),
      },
    );
  }
  cols.push(
    { key: 'requested_amount', title: 'repayment.field.requested_amount', kind: 'money', width: 140 },
    { key: 'success_amount', title: 'repayment.field.success_amount', kind: 'money', width: 140 },
    { key: 'penalty', title: 'repayment.field.penalty', kind: 'money', width: 120 },
    { key: 'interest', title: 'repayment.field.interest', kind: 'money', width: 120 },
    { key: 'fee', title: 'repayment.field.fee', kind: 'money', width: 110 },
    { key: 'principal', title: 'repayment.field.principal', kind: 'money', width: 130 },
    { key: 'overpaid', title: 'repayment.field.overpaid', kind: 'money', width: 120 },
    {
      key: 'over_contract', title: 'repayment.field.over_contract', kind: 'tag', width: 120,
      format: (r) => (r.over_contract ? t('repayment.overContractBadge') : ''), tagColor: (r) => (r.over_contract ? WARNING_COLOR : undefined),
    },
  );
  if (set === 'manual') {
    cols.push({ key: 'proofs', title: 'repayment.field.proofs', kind: 'number', width: 90, format: (r) => String(r.proofs?.length ?? 0) });
  }
  cols.push(
    { key: 'channel_name', title: 'repayment.field.channel', width: 150 },
    { key: 'card_no', title: 'repayment.field.card_no', width: 150 },
    { key: 'reference', title: 'repayment.field.reference', width: 170 },
    { key: 'operator', title: 'repayment.field.operator', width: 130 },
    { key: 'remark', title: 'repayment.field.remark', width: 200 },
    { key: 'merchant_name', title: 'repayment.field.merchant', width: 160 },
    { key: 'created_at', title: 'repayment.field.created_at', kind: 'datetime', sortable: true },
    { key: 'paid_at', title: 'repayment.field.paid_at', kind: 'datetime' },
  );
  if (set === 'abnormal') {
    cols.push(
      { key: 'resolved_by', title: 'repayment.field.resolved_by', width: 130 },
      { key: 'resolved_at', title: 'repayment.field.resolved_at', kind: 'datetime' },
    );
  }
  cols.push(
    { key: 'revoked_at', title: 'repayment.field.revoked_at', kind: 'datetime' },
    { key: 'revoke_reason', title: 'repayment.field.revoke_reason', width: 200 },
  );
  return cols;
}
