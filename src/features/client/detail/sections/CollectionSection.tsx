import { Text } from '@mantine/core';
import { CALL_RESULT_DICT } from '../../../../schemas/collection';
import { COLLECTION_LOG_CAP, type CollectionLogView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Dash, Dict, Ltr, MiniTable, Money, Time, useWord } from '../parts';

/**
 * Collection logs: the case events, calls and promises of the customer's orders, newest first, with the collector and
 * the time; at most COLLECTION_LOG_CAP rows are shown, and the count says when there are more.
 */
export function CollectionSection() {
  const { detail } = useDetail();
  const word = useWord();
  const rows = detail.collection_logs;
  return (
    <>
      {detail.collection_logs_total > rows.length && (
        <Text size="xs" c="dimmed" mb={4} data-testid="collection-logs-more">
          {word('customer.collection.shown', undefined, { shown: rows.length, total: detail.collection_logs_total > COLLECTION_LOG_CAP ? `${COLLECTION_LOG_CAP}+` : detail.collection_logs_total })}
        </Text>
      )}
      <MiniTable<CollectionLogView>
        label="customer.section.collection"
        rows={rows}
        columns={[
          { key: 'created_at', title: 'customer.field.time', render: (r) => <Time value={r.created_at} /> },
          { key: 'kind', title: 'customer.collection.kind', render: (r) => word(`customer.collection.event.${r.kind}`, r.kind) },
          { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
          { key: 'collector', title: 'customer.field.collector', render: (r) => r.collector || <Dash /> },
          {
            key: 'result', title: 'customer.field.result',
            render: (r) => (r.kind === 'call' || r.kind === 'result' ? <Dict name={CALL_RESULT_DICT} value={r.result} /> : r.kind === 'promise' ? word(`customer.collection.promise.${r.status}`, r.status) : r.result || <Dash />),
          },
          {
            key: 'detail', title: 'customer.collection.detail',
            render: (r) => (r.kind === 'promise'
              ? <><Money minor={r.amount_minor} currency={r.currency} />{' → '}<Time value={r.promise_date} date /></>
              : r.kind === 'call' ? <Ltr>{r.phone}{r.duration_seconds != null ? ` · ${r.duration_seconds}s` : ''}</Ltr> : <Dash />),
          },
          { key: 'remark', wrap: true, title: 'customer.field.remark' },
        ]}
      />
    </>
  );
}
