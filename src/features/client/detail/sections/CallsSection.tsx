import type { CallView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Copy, LoadMore, Ltr, MiniTable, Time } from '../parts';
import { usePagedRecords } from './usePagedRecords';

const duration = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** Call records from the customer's phone and calls placed from this view (direction "staff"), newest first. */
export function CallsSection() {
  const { detail } = useDetail();
  const list = usePagedRecords<CallView>(detail.customer.id, 'calls', detail.calls);
  return (
    <>
      <MiniTable<CallView>
        label="customer.section.calls"
        rows={list.rows}
        columns={[
          { key: 'called_at', title: 'customer.field.time', render: (r) => <Time value={r.called_at} /> },
          { key: 'name', title: 'customer.field.name' },
          { key: 'phone', title: 'customer.field.phone', render: (r) => <Copy text={r.phone} /> },
          { key: 'direction', title: 'customer.field.direction', render: (r) => <Coded group="direction" value={r.direction} /> },
          { key: 'duration', title: 'customer.field.duration', align: 'right', render: (r) => <Ltr>{duration(r.duration_seconds)}</Ltr> },
        ]}
      />
      <LoadMore shown={list.rows.length} total={list.total} capped={list.capped} loading={list.loading} onMore={list.more} />
    </>
  );
}
