import type { IntlShape } from 'react-intl';
import type { ConversionRow, EntryRow, LeadRow } from '../../schemas/pool';
import type { GridColumnDef } from '../../ui/DataGrid';

/** Column sets of the pool lists (money in the merchant's currency: the rows carry `currency`). */

const word = (intl: IntlShape, id: string, fallback: string) => (fallback && id in intl.messages ? intl.formatMessage({ id }) : fallback);

export const segmentWord = (intl: IntlShape, v: string) => word(intl, `pool.segment.${v}`, v);
export const outcomeWord = (intl: IntlShape, v: string) => word(intl, `pool.outcome.${v}`, v);
export const statusWord = (intl: IntlShape, v: string) => word(intl, `pool.status.${v}`, v);

const OUTCOME_COLOR: Record<string, string> = { agreed: 'teal', rejected: 'red', no_answer: 'gray', reapplied: 'blue' };

export interface EntryColumnOptions {
  intl: IntlShape;
  onCustomer: (r: EntryRow) => void;
  holder?: boolean;
  dormant?: boolean;
}

export function entryColumns(o: EntryColumnOptions): GridColumnDef<EntryRow>[] {
  const { intl } = o;
  return [
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: o.onCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'segment', title: 'pool.field.segment', kind: 'tag', width: 130, format: (r) => segmentWord(intl, r.segment) },
    { key: 'status', title: 'pool.field.status', kind: 'tag', width: 100, format: (r) => statusWord(intl, r.status) },
    ...(o.holder ? [{ key: 'holder_name', title: 'pool.field.holder', width: 140 }, { key: 'expires_at', title: 'pool.field.expires_at', kind: 'datetime' as const }] : []),
    { key: 'outcome', title: 'pool.field.outcome', kind: 'tag', width: 120, format: (r) => outcomeWord(intl, r.outcome), tagColor: (r) => OUTCOME_COLOR[r.outcome] },
    { key: 'calls', title: 'pool.field.calls', kind: 'number', width: 80 },
    { key: 'note', title: 'pool.field.note', width: 200 },
    { key: 'offer_product_name', title: 'pool.field.offer_product', width: 150 },
    { key: 'offer_limit_minor', title: 'pool.field.offer_limit', kind: 'money', width: 130 },
    { key: 'offer_sent_at', title: 'pool.field.offer_sent_at', kind: 'datetime' },
    ...(o.dormant ? [
      { key: 'settled_loans', title: 'pool.field.settled_loans', kind: 'number' as const, width: 100 },
      { key: 'max_overdue_days', title: 'pool.field.max_overdue_days', kind: 'number' as const, width: 110 },
      { key: 'last_settled_at', title: 'pool.field.last_settled_at', kind: 'datetime' as const },
    ] : []),
    { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
    { key: 'entered_at', title: 'pool.field.entered_at', kind: 'datetime', sortable: true },
  ];
}

export function conversionColumns(intl: IntlShape, onCustomer: (r: ConversionRow) => void): GridColumnDef<ConversionRow>[] {
  return [
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: onCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'kind', title: 'pool.field.kind', kind: 'tag', width: 130, format: (r) => word(intl, `pool.kind.${r.kind}`, r.kind) },
    { key: 'segment', title: 'pool.field.segment', kind: 'tag', width: 130, format: (r) => segmentWord(intl, r.segment) },
    { key: 'agent_name', title: 'pool.field.agent', width: 150 },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ];
}

export function leadColumns(intl: IntlShape): GridColumnDef<LeadRow>[] {
  return [
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'name', title: 'field.name', width: 160 },
    { key: 'source_name', title: 'pool.field.source', width: 160 },
    { key: 'status', title: 'pool.field.lead_status', kind: 'tag', width: 130, format: (r) => word(intl, `pool.leadStatus.${r.status}`, r.status) },
    { key: 'via', title: 'pool.field.via', width: 90, format: (r) => word(intl, `pool.via.${r.via}`, r.via) },
    { key: 'remark', title: 'field.remark', width: 200 },
    { key: 'received_at', title: 'pool.field.received_at', kind: 'datetime', sortable: true },
  ];
}
