import { useDetail } from '../DetailContext';
import { ReportSection } from './ReportSection';

/** Risk (credit) reports bought for the customer. */
export function RiskSection() {
  const { detail } = useDetail();
  return <ReportSection rows={detail.risk_report} label="customer.section.risk" />;
}
