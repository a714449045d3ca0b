import { z } from 'zod';
import { id } from './common';
import type { ExtensionQuote, ExtensionRow } from './extension';

/**
 * Additions of the extension area to its contracts (src/schemas/extension.ts is the integrator's): the quote's query
 * and answer, the pay result and the list row as the lists send it.
 */

/** GET EXTENSION_API.quote: by order (id or number: the apply dialog) or by application (the pay dialog). */
export const extensionQuoteQuery = z.object({
  order_id: id.optional(),
  order_no: z.string().trim().min(1).max(64).optional(),
  id: id.optional(),
});

/** The quote with what the dialogs show of the order. */
export interface ExtensionQuoteView extends ExtensionQuote {
  order_no: string;
  order_status: string;
  customer_name: string | null;
  /** Masked for accounts with privacy protection. */
  phone: string | null;
  /** The application quoted (pay dialog), else null. */
  extension_id: number | null;
  /** An application of the order still open (under review or passed), which refuses a new one. */
  open_application: string | null;
  /** The business date of the merchant's market the quote was made on. */
  today: string;
}

export interface ExtensionPayResult {
  id: number;
  application_no: string;
  status: 'success';
  amount: number;
  fee: number;
  penalty: number;
  /** Part of the amount that repaid the debt (overpayment to_debt). */
  repaid: number;
  /** Part kept as the customer's credit. */
  credit: number;
  start_date: string;
  end_date: string;
  repayment_id: number;
  serial_no: string;
  order_id: number;
  order_status: string;
  due_date: string | null;
  remaining_debt: number;
}

/** A list row: the application plus its order's status and due date. */
export interface ExtensionListRow extends ExtensionRow {
  order_status: string;
  due_date: string | null;
  extension_count: number;
}
