import type { IntlShape } from 'react-intl';
import { openPath } from '../../app/router/openPath';
import type { ExtensionListRow } from '../../schemas/extensionQuote';
import type { GridColumnDef } from '../../ui/DataGrid';

/** Colours of the application statuses. */
export const EXTENSION_STATUS_COLORS: Record<string, string> = { under_review: '#f08c00', passed: '#1971c2', rejected: '#868e96', success: '#2f9e44' };

/** A catalogue word, or the raw value when the catalogue has none. */
export const word = (intl: IntlShape, id: string, fallback: string) => (id in intl.messages ? intl.formatMessage({ id }) : fallback);

/** The shared customer-detail view of an application's customer (spec §2: client, name, phone). */
export function openCustomer(r: Pick<ExtensionListRow, 'customer_id' | 'customer_name' | 'phone'>): void {
  const q = new URLSearchParams({ client: String(r.customer_id), name: r.customer_name ?? '', phone: r.phone ?? '' });
  openPath(`/example/orderDetails?${q.toString()}`);
}

/** Columns of the extension lists; `review`: the queue leaves out what only exists after review. */
export function extensionColumns(intl: IntlShape, opts: { review?: boolean } = {}): GridColumnDef<ExtensionListRow>[] {
  const cols: Array<GridColumnDef<ExtensionListRow> | false> = [
    { key: 'application_no', title: 'extension.field.application_no', width: 170 },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 160, onClick: openCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    {
      key: 'status', title: 'field.status', kind: 'tag', width: 120,
      format: (r) => word(intl, `option.extension_status.${r.status}`, r.status), tagColor: (r) => EXTENSION_STATUS_COLORS[r.status],
    },
    { key: 'fee', title: 'extension.field.fee', kind: 'money', width: 130 },
    { key: 'penalty', title: 'extension.field.penalty', kind: 'money', width: 130 },
    { key: 'days', title: 'extension.field.days', kind: 'number', width: 80 },
    {
      key: 'time_type', title: 'extension.field.time_type', width: 150,
      format: (r) => word(intl, `extension.dueBase.${r.time_type}`, r.time_type),
    },
    {
      key: 'overpayment', title: 'extension.field.overpayment', width: 140,
      format: (r) => word(intl, `extension.overpayment.${r.overpayment}`, r.overpayment),
    },
    { key: 'due_date', title: 'field.due_date', kind: 'date', width: 110 },
    { key: 'extension_count', title: 'field.extension_count', kind: 'number', width: 90 },
    !opts.review && { key: 'paid_fee', title: 'extension.field.paid_fee', kind: 'money', width: 130 },
    !opts.review && { key: 'start_date', title: 'extension.field.start_date', kind: 'date', width: 110 },
    !opts.review && { key: 'end_date', title: 'extension.field.end_date', kind: 'date', width: 110 },
    { key: 'remark', title: 'field.remark', width: 180 },
    { key: 'applicant', title: 'extension.field.applicant', width: 130 },
    !opts.review && { key: 'reviewer', title: 'field.reviewer', width: 130 },
    !opts.review && { key: 'review_remark', title: 'extension.field.review_remark', width: 180 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    !opts.review && { key: 'reviewed_at', title: 'extension.field.reviewed_at', kind: 'datetime' },
    !opts.review && { key: 'paid_at', title: 'extension.field.paid_at', kind: 'datetime' },
  ];
  return cols.filter((c): c is GridColumnDef<ExtensionListRow> => c !== false);
}
