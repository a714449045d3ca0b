import { useState } from 'react';
import { useCommandUi } from '../../app/commands';
import { abnormalQuery, REPAYMENT_API, repaymentListQuery } from '../../schemas/repayment';
import { openPath } from '../../app/router/openPath';
import type { RepaymentGridRow } from './columns';
import { HANDLE_COMMAND, HandleDialog } from './HandleDialog';
import { MONEY_COMMANDS, MoneyDialog } from './MoneyDialog';
import { ProofPanel } from './ProofPanel';
import { RepaymentListScreen } from './RepaymentListScreen';

/** Screens of the repayment area's lists (one list component configured per page). */

const FIXED_TYPE = ['type'];

/** Opens the customer-detail view of a row's customer (rows without a matched customer have none). */
function openRowCustomer(r: RepaymentGridRow): void {
  if (!r.customer_id) return;
  const q = new URLSearchParams({ client: String(r.customer_id), name: r.customer_name ?? '', phone: r.phone ?? '' });
  openPath(`/example/orderDetails?${q.toString()}`);
}

/** /repayment/repaymentList: every repayment; shift+v revokes the selected one. */
export function RepaymentList() {
  return <RepaymentListScreen screen="repayment.repaymentList" url={REPAYMENT_API.list} schema={repaymentListQuery} columns="all" testId="repayment-list-screen" />;
}

/** /repayment/settlement: manual reconciliations; a adds one, shift+v revokes. */
export function Settlement() {
  const [openKey, setOpenKey] = useState<number | null>(null);
  useCommandUi(MONEY_COMMANDS.settlement, () => setOpenKey((k) => (k ?? 0) + 1));
  return (
    <RepaymentListScreen screen="repayment.settlement" url={REPAYMENT_API.settlementList} schema={repaymentListQuery} columns="all" omit={FIXED_TYPE}
      testId="repayment-settlement-screen">
      <MoneyDialog kind="settlement" openKey={openKey} onClose={() => setOpenKey(null)} />
    </RepaymentListScreen>
  );
}

/** /repayment/abnormal: money waiting to be handled; h handles the selected row. */
export function Abnormal() {
  const [row, setRow] = useState<RepaymentGridRow | null>(null);
  useCommandUi(HANDLE_COMMAND, ({ selection }) => setRow((selection[0] as unknown as RepaymentGridRow) ?? null));
  return (
    <RepaymentListScreen screen="repayment.abnormal" url={REPAYMENT_API.abnormal} schema={abnormalQuery} columns="abnormal" testId="repayment-abnormal-screen">
      <HandleDialog row={row} onClose={() => setRow(null)} />
    </RepaymentListScreen>
  );
}

/** /review/manualRepayment: money paid outside the system, with vouchers; a adds one, shift+v revokes; the selected row's vouchers below. */
export function ManualRepayment() {
  const [openKey, setOpenKey] = useState<number | null>(null);
  useCommandUi(MONEY_COMMANDS.manual, () => setOpenKey((k) => (k ?? 0) + 1));
  return (
    <RepaymentListScreen screen="review.manualRepayment" url={REPAYMENT_API.manualList} schema={repaymentListQuery} columns="manual" omit={FIXED_TYPE}
      onOpen={openRowCustomer} testId="repayment-manual-screen">
      <ProofPanel screen="review.manualRepayment" />
      <MoneyDialog kind="manual" openKey={openKey} onClose={() => setOpenKey(null)} />
    </RepaymentListScreen>
  );
}
