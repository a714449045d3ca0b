import type { SmsView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Copy, LoadMore, MiniTable, Time } from '../parts';
import classes from '../detail.module.css';
import { usePagedRecords } from './usePagedRecords';

/** SMS read from the customer's phone, newest first (capped, paged by cursor). */
export function SmsSection() {
  const { detail } = useDetail();
  const list = usePagedRecords<SmsView>(detail.customer.id, 'sms', detail.sms);
  return (
    <>
      <MiniTable<SmsView>
        label="customer.section.sms"
        rows={list.rows}
        columns={[
          { key: 'sent_at', title: 'customer.field.time', width: 150, render: (r) => <Time value={r.sent_at} /> },
          { key: 'phone', title: 'customer.field.phone', width: 140, render: (r) => <Copy text={r.phone} /> },
          { key: 'direction', title: 'customer.field.direction', width: 80, render: (r) => <Coded group="direction" value={r.direction} /> },
          { key: 'content', wrap: true, title: 'customer.field.content', render: (r) => <span className={classes.sms}>{r.content}</span> },
        ]}
      />
      <LoadMore shown={list.rows.length} total={list.total} capped={list.capped} loading={list.loading} onMore={list.more} />
    </>
  );
}
