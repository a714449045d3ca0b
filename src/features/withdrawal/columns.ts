import type { IntlShape } from 'react-intl';
import type { WithdrawalOrderRow } from '../../schemas/withdrawal';
import type { GridColumnDef } from '../../ui/DataGrid';

/** Column sets of the withdrawal queues (money in each order's currency, see the grid's `currencyOf`). */

export type QueueRow = WithdrawalOrderRow & { order_id?: number; queue?: string; task_id?: number | null };

const word = (intl: IntlShape, id: string, fallback: string) => (id in intl.messages ? intl.formatMessage({ id }) : fallback);

/** The words of a contact result: the dictionary's label when the screen loaded it, else the built-in ones. */
export function resultWord(intl: IntlShape, labels: ReadonlyMap<string, string>, value: string | null | undefined): string {
  if (!value) return '';
  return labels.get(value) ?? word(intl, `option.withdrawal_contact_result.${value}`, value);
}

export interface ColumnOptions {
  intl: IntlShape;
  results: ReadonlyMap<string, string>;
  onCustomer: (r: QueueRow) => void;
}

const order = (o: ColumnOptions): GridColumnDef<QueueRow>[] => [
  { key: 'order_no', title: 'field.order_no', width: 170 },
  { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 160, onClick: o.onCustomer },
  { key: 'phone', title: 'field.phone', width: 130 },
  { key: 'loan_amount', title: 'field.loan_amount', kind: 'money', sortable: true, width: 140 },
];

const holder: GridColumnDef<QueueRow>[] = [
  { key: 'assignee_name', title: 'withdrawal.field.assignee', width: 140 },
  { key: 'claimed_at', title: 'withdrawal.field.claimed_at', kind: 'datetime' },
];

const contact = (o: ColumnOptions): GridColumnDef<QueueRow>[] => [
  {
    key: 'last_contact_result', title: 'withdrawal.field.last_contact_result', kind: 'tag', width: 170,
    format: (r) => resultWord(o.intl, o.results, r.last_contact_result),
  },
  { key: 'last_contact_at', title: 'withdrawal.field.last_contact_at', kind: 'datetime' },
];

const tail: GridColumnDef<QueueRow>[] = [
  { key: 'received_amount', title: 'field.received_amount', kind: 'money', width: 140 },
  { key: 'loan_days', title: 'field.loan_days', kind: 'number', width: 90 },
  { key: 'product_name', title: 'field.product_id', width: 140 },
  { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
];

/** Orders waiting for the customer to confirm: how long they have left, reminders, who is on them. */
export function waitingColumns(o: ColumnOptions, withHolder = true): GridColumnDef<QueueRow>[] {
  return [
    ...order(o),
    { key: 'entered_at', title: 'withdrawal.field.entered_at', kind: 'datetime' },
    { key: 'expires_at', title: 'withdrawal.field.expires_at', kind: 'datetime' },
    ...(withHolder ? holder : []),
    ...contact(o),
    { key: 'reminders', title: 'withdrawal.field.reminders', kind: 'number', width: 110 },
    { key: 'last_reminder_at', title: 'withdrawal.field.last_reminder_at', kind: 'datetime' },
    ...tail,
  ];
}

/** Paid-out orders to tell the customer about. */
export function noticeColumns(o: ColumnOptions): GridColumnDef<QueueRow>[] {
  return [
    ...order(o),
    { key: 'success_at', title: 'withdrawal.field.success_at', kind: 'datetime' },
    { key: 'due_date', title: 'field.due_date', kind: 'date' },
    { key: 'contract_amount', title: 'field.contract_amount', kind: 'money', width: 140 },
    ...contact(o),
    ...tail,
  ];
}

/** Failed payouts and dormant customers: why, since when, who holds the task. */
export function taskColumns(o: ColumnOptions): GridColumnDef<QueueRow>[] {
  return [
    ...order(o),
    { key: 'entered_at', title: 'withdrawal.field.entered_at', kind: 'datetime' },
    { key: 'loan_remark', title: 'withdrawal.field.loan_remark', width: 200 },
    ...holder,
    ...contact(o),
    ...tail,
  ];
}

/** Idle claims (rows are tasks). */
export function releaseColumns(o: ColumnOptions): GridColumnDef<QueueRow>[] {
  return [
    { key: 'assignee_name', title: 'withdrawal.field.assignee', width: 140 },
    { key: 'claimed_at', title: 'withdrawal.field.claimed_at', kind: 'datetime' },
    { key: 'queue', title: 'withdrawal.field.queue', width: 170, format: (r) => word(o.intl, `option.queue.${r.queue}`, r.queue ?? '') },
    ...order(o),
    ...contact(o),
    { key: 'expires_at', title: 'withdrawal.field.expires_at', kind: 'datetime' },
    ...tail,
  ];
}
