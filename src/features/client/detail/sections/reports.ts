import { useCallback, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { byId } from '../../../../../commands';
import { callApi } from '../../../../app/commands';
import type { RiskReportRefresh } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';

/**
 * The report sections' shared state: both reports come back from one refresh, so the risk and the multi-lender
 * sections read the refreshed answer from here (by customer) and the detail's copy before any refresh.
 */
const refreshed = proxy<Record<number, RiskReportRefresh>>({});

export function useReports(): RiskReportRefresh & { refresh: () => Promise<void>; busy: boolean } {
  const { detail } = useDetail();
  const snap = useSnapshot(refreshed);
  const id = detail.customer.id;
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(async () => {
    const call = byId.get('customer.riskReport.refresh')?.api;
    if (!call) return;
    setBusy(true);
    try {
      refreshed[id] = (await callApi<RiskReportRefresh>(call, { customer_id: id })).data;
    } finally {
      setBusy(false);
    }
  }, [id]);
  const mine = snap[id] as RiskReportRefresh | undefined;
  return { risk_report: mine?.risk_report ?? detail.risk_report, multi_lender: mine?.multi_lender ?? detail.multi_lender, refresh, busy };
}
