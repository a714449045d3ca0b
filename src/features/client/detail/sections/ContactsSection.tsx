import type { ContactView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { LoadMore, MiniTable, Phone } from '../parts';
import { usePagedRecords } from './usePagedRecords';

/** The customer's phone book (capped, paged by cursor), each number with copy and call. */
export function ContactsSection() {
  const { detail } = useDetail();
  const list = usePagedRecords<ContactView>(detail.customer.id, 'contacts', detail.contacts);
  return (
    <>
      <MiniTable<ContactView>
        label="customer.section.contacts"
        rows={list.rows}
        columns={[
          { key: 'name', title: 'customer.field.name' },
          { key: 'phone', title: 'customer.field.phone', render: (r) => <Phone phone={r.phone} target="contact" contactId={r.id} name={r.name} /> },
        ]}
      />
      <LoadMore shown={list.rows.length} total={list.total} capped={list.capped} loading={list.loading} onMore={list.more} />
    </>
  );
}
