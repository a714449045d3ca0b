import { eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageKey } from '../../../../commands/permissions';
import { abnormalQuery, repaymentListQuery, type RepaymentRow } from '../../../schemas/repayment';
import { defineList, merchantScope, type ListColumns, type ListRow } from '../../list/define';
import { amountRange, moneyValue } from '../../list/values';
import { customer } from '../client/client.table';
import { customersByName, customersByPhone, outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { paymentChannel } from '../payment/payment.table';
import { repayment, repaymentProof } from './repayment.table';

/**
 * The repayment area's lists (list engine, docs/list-engine.md): every repayment (/repayment/repaymentList), the
 * reconciliations (/repayment/settlement), the abnormal ones (/repayment/abnormal) and the manual ones with their
 * vouchers (/review/manualRepayment). One column set (RepaymentRow), scoped to the actor's merchants, phones masked
 * for privacy-protected readers, money in minor units of the row's currency (exports in major units).
 */

const accountName = (col: PgColumn) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;

const columns = {
  id: repayment.id,
  serial_no: repayment.serialNo,
  order_id: repayment.orderId,
  order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(repayment.orderId)})`,
  merchant_id: repayment.merchantId,
  merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(repayment.merchantId)})`,
  customer_id: repayment.customerId,
  customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(repayment.customerId)})`,
  phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(repayment.customerId)})`,
  currency: repayment.currency,
  type: repayment.type,
  status: repayment.status,
  requested_amount: repayment.requestedMinor,
  success_amount: repayment.successMinor,
  penalty: repayment.penaltyMinor,
  interest: repayment.interestMinor,
  fee: repayment.feeMinor,
  principal: repayment.principalMinor,
  overpaid: repayment.overpaidMinor,
  channel_id: repayment.channelId,
  channel_name: sql<string | null>`(select p.name from ${paymentChannel} p where p.id = ${outer(repayment.channelId)})`,
  card_no: repayment.cardNo,
  link_url: repayment.linkUrl,
  qr_payload: repayment.qrPayload,
  va_number: repayment.vaNumber,
  reference: repayment.reference,
  agreed_amount: repayment.agreedMinor,
  over_contract: repayment.overContract,
  abnormal_reason: repayment.abnormalReason,
  resolution: repayment.resolution,
  resolved_by: accountName(repayment.resolvedBy),
  resolved_at: repayment.resolvedAt,
  operator: accountName(repayment.operatorId),
  remark: repayment.remark,
  created_at: repayment.createdAt,
  paid_at: repayment.paidAt,
  revoked_at: repayment.revokedAt,
  revoked_by: accountName(repayment.revokedBy),
  revoke_reason: repayment.revokeReason,
} satisfies ListColumns;

/** A voucher as the manual list carries it. */
export interface ProofChip {
  id: number;
  file_url: string;
  proof_type: string;
  result: string;
}

/** The vouchers of a manual repayment row, oldest first. */
const proofs = sql<ProofChip[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'file_url', p.file_url, 'proof_type', p.proof_type, 'result', p.result) order by p.id)
  from ${repaymentProof} p where p.repayment_id = ${outer(repayment.id)}), '[]'::json)`;

type BaseRow = ListRow<typeof columns>;
/** A list row: the columns, plus the allocation grouped as RepaymentRow has it. */
export type RepaymentListRow = BaseRow & Pick<RepaymentRow, 'allocated'>;

function withAllocation<R extends BaseRow>(r: R): R & Pick<RepaymentRow, 'allocated'> {
  return { ...r, allocated: { penalty: r.penalty, interest: r.interest, fee: r.fee, principal: r.principal, overpaid: r.overpaid } };
}

type Filters = ReturnType<typeof repaymentListQuery.parse>;

/** The filters every repayment list shares (repaymentListQuery). */
function commonWhere(f: Filters, timeZone: string): (SQL | undefined)[] {
  return [
    f.serial_no ? eq(repayment.serialNo, f.serial_no) : undefined,
    f.order_no ? inArray(repayment.orderId, sql`(select o.id from ${loanOrder} o where o.order_no = ${f.order_no})`) : undefined,
    f.phone ? inArray(repayment.customerId, customersByPhone(f.phone)) : undefined,
    f.customer_name ? inArray(repayment.customerId, customersByName(f.customer_name)) : undefined,
    f.merchant_id !== undefined ? eq(repayment.merchantId, f.merchant_id) : undefined,
    f.type?.length ? inArray(repayment.type, f.type) : undefined,
    f.status?.length ? inArray(repayment.status, f.status) : undefined,
    f.channel_id !== undefined ? eq(repayment.channelId, f.channel_id) : undefined,
    ...amountRange(repayment.requestedMinor, f.amount_min, f.amount_max),
    ...dateRange(repayment.createdAt, f.created_from, f.created_to, timeZone),
    f.over_contract !== undefined ? eq(repayment.overContract, f.over_contract === '1') : undefined,
  ];
}

const money = (key: string, title: string) => ({ key, title, value: moneyValue(key) });

/** Export columns of every repayment list (headers translated into the exporting account's language). */
const exportColumns = [
  { key: 'serial_no', title: 'repayment.field.serial_no' },
  { key: 'order_no', title: 'repayment.field.order_no' },
  { key: 'merchant_name', title: 'repayment.field.merchant' },
  { key: 'customer_name', title: 'repayment.field.customer_name' },
  { key: 'phone', title: 'repayment.field.phone' },
  { key: 'type', title: 'repayment.field.type' },
  { key: 'status', title: 'repayment.field.status' },
  { key: 'currency', title: 'repayment.field.currency' },
  money('requested_amount', 'repayment.field.requested_amount'),
  money('success_amount', 'repayment.field.success_amount'),
  money('penalty', 'repayment.field.penalty'),
  money('interest', 'repayment.field.interest'),
  money('fee', 'repayment.field.fee'),
  money('principal', 'repayment.field.principal'),
  money('overpaid', 'repayment.field.overpaid'),
  { key: 'channel_name', title: 'repayment.field.channel' },
  { key: 'card_no', title: 'repayment.field.card_no' },
  { key: 'reference', title: 'repayment.field.reference' },
  { key: 'over_contract', title: 'repayment.field.over_contract' },
  { key: 'abnormal_reason', title: 'repayment.field.abnormal_reason' },
  { key: 'resolution', title: 'repayment.field.resolution' },
  { key: 'operator', title: 'repayment.field.operator' },
  { key: 'remark', title: 'repayment.field.remark' },
  { key: 'created_at', title: 'repayment.field.created_at' },
  { key: 'paid_at', title: 'repayment.field.paid_at' },
  { key: 'revoked_at', title: 'repayment.field.revoked_at' },
  { key: 'revoke_reason', title: 'repayment.field.revoke_reason' },
] as const;

/** Sorts with an index ending in the key (repayment_created_idx, the primary key). */
const sorts = { created_at: repayment.createdAt, id: repayment.id };
const scope = merchantScope(repayment.merchantId);

/** /repayment/repaymentList: every repayment, whatever its way and status. */
export const repaymentList = defineList({
  id: 'repayment.repaymentList',
  permission: pageKey('repayment', 'repaymentList'),
  from: repayment,
  columns,
  filters: repaymentListQuery,
  where: (f, _actor, ctx) => commonWhere(f, ctx.cfg.timeZone),
  scope,
  sorts,
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  map: (r) => withAllocation(r),
  exportColumns: [...exportColumns],
});

/** /repayment/settlement: the manual reconciliations (type reconciliation). */
export const settlementList = defineList({
  id: 'repayment.settlement',
  permission: pageKey('repayment', 'settlement'),
  from: repayment,
  columns,
  filters: repaymentListQuery,
  where: (f, _actor, ctx) => [eq(repayment.type, 'reconciliation'), ...commonWhere({ ...f, type: undefined }, ctx.cfg.timeZone)],
  scope,
  sorts,
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  map: (r) => withAllocation(r),
  exportColumns: [...exportColumns],
});

/** /repayment/abnormal: money the system could not apply by itself, overpayments and over-contract repayments. */
export const abnormalList = defineList({
  id: 'repayment.abnormal',
  permission: pageKey('repayment', 'abnormal'),
  from: repayment,
  columns,
  filters: abnormalQuery,
  where: (f, _actor, ctx) => [
    ne(repayment.abnormalReason, ''),
    f.reason ? eq(repayment.abnormalReason, f.reason) : undefined,
    f.handled === '1' ? ne(repayment.resolution, '') : f.handled === '0' ? eq(repayment.resolution, '') : undefined,
    ...commonWhere(f, ctx.cfg.timeZone),
  ],
  scope,
  sorts,
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  map: (r) => withAllocation(r),
  exportColumns: [...exportColumns, { key: 'resolved_by', title: 'repayment.field.resolved_by' }, { key: 'resolved_at', title: 'repayment.field.resolved_at' }],
});

/** /review/manualRepayment: money staff recorded with vouchers (type manual), each row with its vouchers. */
export const manualList = defineList({
  id: 'review.manualRepayment',
  permission: pageKey('review', 'manualRepayment'),
  from: repayment,
  columns: { ...columns, proofs },
  filters: repaymentListQuery,
  where: (f, _actor, ctx) => [eq(repayment.type, 'manual'), ...commonWhere({ ...f, type: undefined }, ctx.cfg.timeZone)],
  scope,
  sorts,
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  map: (r) => withAllocation(r),
  exportColumns: [...exportColumns, { key: 'proofs', title: 'repayment.field.proofs', value: (r) => ((r.proofs as ProofChip[] | null) ?? []).length }],
});
