import { useDetail } from '../DetailContext';
import { ReportSection } from './ReportSection';

/** Multi-lender reports: the customer's borrowing at other platforms, from the credit providers. */
export function MultiLenderSection() {
  const { detail } = useDetail();
  return <ReportSection rows={detail.multi_lender} label="customer.section.multiLender" />;
}
