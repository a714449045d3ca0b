import type { IntlShape } from 'react-intl';
import type { AllocationRow, CaseListRow, RefundHistoryRow, RefundOrderRow } from '../../schemas/collectionSupervise';
import type { GridColumnDef } from '../../ui/DataGrid';

/** Column sets of the collection lists (money in minor units of each row's currency: the grid's `currencyOf`). */

/** The words of an enum value (`<prefix>.<value>`), or the value as is. */
export function word(intl: IntlShape, prefix: string, value: string | null | undefined): string {
  if (!value) return '';
  const id = `${prefix}.${value}`;
  return id in intl.messages ? intl.formatMessage({ id }) : value;
}

export interface CaseColumnOptions {
  intl: IntlShape;
  /** Call-result labels (dictionary or built-in). */
  results: ReadonlyMap<string, string>;
  onCustomer: (r: CaseListRow) => void;
}

const who = (o: CaseColumnOptions): GridColumnDef<CaseListRow>[] => [
  { key: 'order_no', title: 'field.order_no', width: 170 },
  { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 150, onClick: o.onCustomer },
  { key: 'phone', title: 'field.phone', width: 130 },
];

const stage = (o: CaseColumnOptions): GridColumnDef<CaseListRow>[] => [
  { key: 'stage_name', title: 'collection.field.stage', kind: 'tag', width: 110, format: (r) => r.stage_name ?? '' },
  {
    key: 'days', title: 'collection.field.days', kind: 'number', width: 110,
    format: (r) => (r.days === null ? '' : o.intl.formatNumber(r.days)),
  },
  { key: 'due_date', title: 'field.due_date', kind: 'date' },
];

const resultWord = (o: CaseColumnOptions, v: string) => (v ? o.results.get(v) ?? word(o.intl, 'option.collection_call_result', v) : '');

const work = (o: CaseColumnOptions): GridColumnDef<CaseListRow>[] => [
  { key: 'last_result', title: 'collection.field.last_result', kind: 'tag', width: 140, format: (r) => resultWord(o, r.last_result) },
  { key: 'last_contact_at', title: 'collection.field.last_contact_at', kind: 'datetime' },
  { key: 'promise_status', title: 'collection.field.promise_status', kind: 'tag', width: 120, format: (r) => word(o.intl, 'option.promise_status', r.promise_status) },
  { key: 'promise_date', title: 'collection.field.promise_date', kind: 'date' },
  { key: 'promise_amount', title: 'collection.field.promise_amount', kind: 'money' },
];

const tail: GridColumnDef<CaseListRow>[] = [
  { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
];

/** The pool: what waits, since when, how late, how much. */
export function poolColumns(o: CaseColumnOptions): GridColumnDef<CaseListRow>[] {
  return [
    ...who(o), ...stage(o),
    { key: 'debt', title: 'collection.field.debt', kind: 'money', sortable: true },
    { key: 'stage_entered_at', title: 'collection.field.entered_at', kind: 'datetime', sortable: true },
    { key: 'last_result', title: 'collection.field.last_result', kind: 'tag', width: 140, format: (r) => resultWord(o, r.last_result) },
    ...tail,
  ];
}

/** The supervisor's cases: who holds what, the stay mark, the promise and what came in. */
export function boardColumns(o: CaseColumnOptions): GridColumnDef<CaseListRow>[] {
  return [
    ...who(o), ...stage(o),
    { key: 'collector_name', title: 'collection.field.collector', width: 140, format: (r) => r.collector_name ?? o.intl.formatMessage({ id: 'collection.inPoolWord' }) },
    { key: 'assigned_at', title: 'collection.field.assigned_at', kind: 'datetime' },
    { key: 'stay', title: 'collection.field.stay', kind: 'tag', width: 90, format: (r) => (r.stay ? o.intl.formatMessage({ id: 'collection.stayWord' }) : ''), tagColor: () => '#1c7ed6' },
    { key: 'debt', title: 'collection.field.debt', kind: 'money', sortable: true },
    { key: 'recovered', title: 'collection.field.recovered', kind: 'money', sortable: true },
    ...work(o),
    { key: 'status', title: 'collection.field.status', kind: 'tag', width: 100, format: (r) => word(o.intl, 'option.case_status', r.status) },
    { key: 'entered_at', title: 'collection.field.entered_at', kind: 'datetime', sortable: true },
    ...tail,
  ];
}

/** The reminder list: due date, days to it, the amount due, the last reminder. */
export function promptColumns(o: CaseColumnOptions): GridColumnDef<CaseListRow>[] {
  return [
    ...who(o),
    { key: 'due_date', title: 'field.due_date', kind: 'date' },
    { key: 'days', title: 'collection.field.days_to_due', kind: 'number', width: 110, format: (r) => (r.days === null ? '' : o.intl.formatNumber(-r.days)) },
    { key: 'debt', title: 'collection.field.amount_due', kind: 'money', sortable: true },
    { key: 'last_result', title: 'collection.field.last_reminder', kind: 'tag', width: 150, format: (r) => resultWord(o, r.last_result) },
    { key: 'last_contact_at', title: 'collection.field.last_contact_at', kind: 'datetime' },
    { key: 'collector_name', title: 'collection.field.collector', width: 140, format: (r) => r.collector_name ?? o.intl.formatMessage({ id: 'collection.inPoolWord' }) },
    { key: 'stage_name', title: 'collection.field.stage', kind: 'tag', width: 110, format: (r) => r.stage_name ?? '' },
    ...tail,
  ];
}

/** Successes: who, how much came in, how (settled / extended), when. */
export function successColumns(o: CaseColumnOptions): GridColumnDef<CaseListRow>[] {
  return [
    ...who(o),
    { key: 'collector_name', title: 'collection.field.collector', width: 140 },
    { key: 'recovered', title: 'collection.field.recovered', kind: 'money', sortable: true },
    { key: 'close_reason', title: 'collection.field.how', kind: 'tag', width: 110, format: (r) => word(o.intl, 'option.success_way', r.close_reason) },
    { key: 'closed_at', title: 'collection.field.closed_at', kind: 'datetime' },
    { key: 'stage_name', title: 'collection.field.stage', width: 110 },
    { key: 'entered_at', title: 'collection.field.entered_at', kind: 'datetime', sortable: true },
    ...tail,
  ];
}

/** Orders holding customer credit. */
export function refundColumns(intl: IntlShape, onCustomer: (r: RefundOrderRow) => void): GridColumnDef<RefundOrderRow>[] {
  return [
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 150, onClick: onCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'credit', title: 'collection.field.credit', kind: 'money', sortable: true },
    { key: 'status', title: 'field.status', kind: 'tag', width: 110, format: (r) => word(intl, 'option.status', r.status) },
    { key: 'paid_amount', title: 'field.paid_amount', kind: 'money' },
    { key: 'debt', title: 'collection.field.debt', kind: 'money' },
    { key: 'settled_at', title: 'collection.field.settled_at', kind: 'datetime' },
    { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
  ];
}

/** Refunds made (this screen's and /repayment/abnormal's). */
export const refundHistoryColumns: GridColumnDef<RefundHistoryRow>[] = [
  { key: 'business_at', title: 'collection.field.when', kind: 'datetime' },
  { key: 'order_no', title: 'field.order_no', width: 170 },
  { key: 'customer_name', title: 'field.customer_name', width: 150 },
  { key: 'amount', title: 'collection.field.refund_amount', kind: 'money' },
  { key: 'memo', title: 'collection.field.reason', width: 260 },
  { key: 'account_name', title: 'collection.field.who', width: 140 },
  { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
];

/** The allocation log: who got what and why. */
export function allocationColumns(intl: IntlShape): GridColumnDef<AllocationRow>[] {
  const arrow = (a: string | null, b: string | null) => (a || b ? `${a ?? '—'} → ${b ?? '—'}` : '');
  return [
    { key: 'business_at', title: 'collection.field.when', kind: 'datetime', sortable: true },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'kind', title: 'collection.field.event', kind: 'tag', width: 120, format: (r) => word(intl, 'option.collection_event', r.kind) },
    { key: 'to_stage', title: 'collection.field.stage_move', width: 170, format: (r) => arrow(r.from_stage, r.to_stage) },
    { key: 'to_collector', title: 'collection.field.collector_move', width: 220, format: (r) => arrow(r.from_collector, r.to_collector) },
    { key: 'reason', title: 'collection.field.reason', kind: 'tag', width: 170, format: (r) => word(intl, 'option.allocation_reason', r.reason) },
    { key: 'actor_name', title: 'collection.field.who', width: 140, format: (r) => r.actor_name ?? intl.formatMessage({ id: 'collection.system' }) },
    { key: 'note', title: 'collection.field.note', width: 200 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
  ];
}
