import type { IntlShape } from 'react-intl';
import type { BankCardRow } from '../../schemas/client';
import type { GridColumnDef } from '../../ui/DataGrid';
import { flagColumn, optionWord } from './columns';

/** Columns of the bank-card lists (the match screen adds its own). */
export function cardColumns<R extends BankCardRow>(intl: IntlShape, open: (r: R) => void): GridColumnDef<R>[] {
  return [
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: open },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'bank_name', title: 'field.bank_name', width: 170 },
    { key: 'bank_code', title: 'field.bank_code', width: 100 },
    { key: 'card_number', title: 'field.card_number', width: 190 },
    { key: 'cardholder', title: 'field.cardholder', width: 170 },
    {
      key: 'status', title: 'field.card_status', kind: 'tag', width: 140,
      format: (r) => optionWord(intl, 'card_status', r.status),
      tagColor: (r) => (r.status === 'bound' ? '#2f9e44' : '#f08c00'),
    },
    flagColumn<R>(intl, 'is_default', (r) => r.is_default, { on: '#1971c2' }),
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'updated_at', title: 'field.updated_at', kind: 'datetime' },
  ];
}
