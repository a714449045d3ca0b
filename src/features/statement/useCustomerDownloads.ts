import { useCommandUi } from '../../app/commands';
import { notify } from '../../app/lib/notify';
import { STATEMENT_API } from '../../schemas/statement';
import { downloadFile } from './download';

/**
 * The customer detail's downloads (docs/statement.md): while the detail is mounted, the commands `customer.statement`
 * (the loan statement PDF of the order shown) and `customer.documents` (the documents zip) download for that customer.
 */
export function useCustomerDownloads(customerId: number | null, orderId: number | null): void {
  useCommandUi('customer.statement', () => {
    if (!customerId || !orderId) {
      notify('warning', 'statement.noOrder');
      return;
    }
    return downloadFile(STATEMENT_API.pdf, { customer_id: customerId, order_id: orderId }, `statement-${orderId}.pdf`);
  });
  useCommandUi('customer.documents', () => {
    if (!customerId) return;
    return downloadFile(STATEMENT_API.zip, { customer_id: customerId }, `documents-${customerId}.zip`);
  });
}
