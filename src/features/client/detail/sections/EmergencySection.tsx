import type { ContactView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Dict, MiniTable, Phone, Time } from '../parts';

/** Emergency contacts: name, relation (dictionary), phone with copy and call. */
export function EmergencySection() {
  const { detail } = useDetail();
  return (
    <MiniTable<ContactView>
      label="customer.section.emergency"
      rows={detail.emergency_contacts}
      columns={[
        { key: 'name', title: 'customer.field.name' },
        { key: 'relation', title: 'customer.field.relation', render: (r) => <Dict name="relation" value={r.relation} /> },
        { key: 'phone', title: 'customer.field.phone', render: (r) => <Phone phone={r.phone} target="emergency" contactId={r.id} name={r.name} /> },
        { key: 'created_at', title: 'customer.field.created_at', render: (r) => <Time value={r.created_at} /> },
      ]}
    />
  );
}
