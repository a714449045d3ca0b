import type { LocationView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, LoadMore, Ltr, MiniTable, Time } from '../parts';
import { usePagedRecords } from './usePagedRecords';

/** Locations reported by the app (GPS) or derived from the IP, newest first. */
export function LocationSection() {
  const { detail } = useDetail();
  const list = usePagedRecords<LocationView>(detail.customer.id, 'locations', detail.locations);
  return (
    <>
      <MiniTable<LocationView>
        label="customer.section.location"
        rows={list.rows}
        columns={[
          { key: 'captured_at', title: 'customer.field.time', render: (r) => <Time value={r.captured_at} /> },
          { key: 'gps', title: 'customer.field.gps', render: (r) => <Ltr>{r.lat.toFixed(5)}, {r.lng.toFixed(5)}</Ltr> },
          { key: 'address', wrap: true, title: 'customer.field.address' },
          { key: 'source', title: 'customer.field.source', render: (r) => <Coded group="locSource" value={r.source} /> },
        ]}
      />
      <LoadMore shown={list.rows.length} total={list.total} capped={list.capped} loading={list.loading} onMore={list.more} />
    </>
  );
}
