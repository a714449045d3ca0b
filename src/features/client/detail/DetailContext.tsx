import { createContext, useContext } from 'react';
import type { CallTarget, CustomerDetail, EditableFieldName } from '../../../schemas/customer';

/** A number the call dialog dials: whose it is and the number as shown (masked for privacy protection). */
export interface CallRequest {
  target: CallTarget;
  contactId?: number;
  name: string;
  phone: string;
}

/** What every section of the customer-detail view reads and does. */
export interface DetailCtx {
  detail: CustomerDetail;
  /** The signed-in account may edit fields (customer edit_field node). */
  canEdit: boolean;
  /** Saves one field through `customer edit_field`; resolves with the server's msg. */
  saveField: (field: EditableFieldName, value: string) => Promise<string>;
  /** Opens the call dialog (spec §2: 400×100) for a number. */
  call: (req: CallRequest) => void;
}

export const DetailContext = createContext<DetailCtx | null>(null);

export function useDetail(): DetailCtx {
  const ctx = useContext(DetailContext);
  if (!ctx) throw new Error('useDetail outside the customer-detail view');
  return ctx;
}
