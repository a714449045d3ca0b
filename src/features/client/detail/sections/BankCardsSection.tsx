import type { BankCardView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Copy, MiniTable, Time, YesNo } from '../parts';

/** Bank cards: bank, number (copy), holder, bound or pending, the payout card. */
export function BankCardsSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<BankCardView>
      label="customer.section.bankCards"
      rows={detail.bank_cards}
      columns={[
        { key: 'bank_name', title: 'customer.field.bank' },
        { key: 'bank_code', title: 'customer.field.bank_code' },
        { key: 'card_number', title: 'customer.field.card_number', render: (r) => <Copy text={r.card_number} /> },
        { key: 'cardholder', title: 'customer.field.cardholder' },
        { key: 'status', title: 'customer.field.status', render: (r) => <Coded group="cardStatus" value={r.status} /> },
        { key: 'is_default', title: 'customer.field.is_default', render: (r) => <YesNo value={r.is_default} /> },
        { key: 'created_at', title: 'customer.field.created_at', render: (r) => <Time value={r.created_at} /> },
      ]}
    />
  );
}
