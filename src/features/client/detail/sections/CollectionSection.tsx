import type { CollectionLogView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Dict, MiniTable, Time } from '../parts';

/** Collection logs: each contact a collector made, with the result (collection_result dictionary). */
export function CollectionSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<CollectionLogView>
      label="customer.section.collection"
      rows={detail.collection_logs}
      columns={[
        { key: 'created_at', title: 'customer.field.time', render: (r) => <Time value={r.created_at} /> },
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'collector', title: 'customer.field.collector' },
        { key: 'result', title: 'customer.field.result', render: (r) => <Dict name="collection_result" value={r.result} /> },
        { key: 'remark', wrap: true, title: 'customer.field.remark' },
      ]}
    />
  );
}
