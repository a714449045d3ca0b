import { Alert, Badge } from '@mantine/core';
import type { OrderView } from '../../../../schemas/customer';
import { DEBT_PARTS, type OrderMoney } from '../../../../schemas/repayment';
import { useDetail } from '../DetailContext';
import { Coded, Copy, Dash, Field, Fields, Ltr, MiniTable, Money, NoData, Time, YesNo, useWord } from '../parts';
import { OverContract } from './money';

const STATUS_COLORS: Record<string, string> = {
  overdue: 'red', bad_debt: 'red', failed: 'red', closed: 'gray', settled: 'teal', repaying: 'blue', extended: 'violet', suspended: 'orange',
};

export function OrderStatus({ status }: { status: string }) {
  return (
    <Badge size="xs" radius="sm" variant="light" color={STATUS_COLORS[status] ?? 'yellow'} tt="none" style={{ minWidth: 'max-content' }}>
      <Coded group="orderStatus" value={status} />
    </Badge>
  );
}

const bp = (v: number) => `${(v / 100).toFixed(2)}%`;

/** Loan info: the latest order with its amounts, fees, dates, review and withdrawal, and once paid out its money by part. */
export function LoanSection() {
  const { detail } = useDetail();
  const word = useWord();
  const o: OrderView | null = detail.loan;
  if (!o) return <NoData />;
  const m = (v: number) => <Money minor={v} currency={o.currency} />;
  const money = detail.loan_money?.order_id === o.id ? detail.loan_money : null;
  return (
    <>
      {money?.over_contract && (
        <Alert color="orange" variant="light" p={6} mb={6} data-testid="over-contract-warning" title={word('customer.money.overContract')}>
          {word('customer.money.overContractHint')}
        </Alert>
      )}
      <Fields>
        <Field label="customer.field.order_no"><Copy text={o.order_no} /></Field>
        <Field label="customer.field.external_order_no"><Copy text={o.external_order_no} /></Field>
        <Field label="customer.field.status"><OrderStatus status={o.status} /></Field>
        <Field label="customer.field.product">{o.product_name || <Dash />}</Field>
        <Field label="customer.field.order_type"><Coded group="orderType" value={o.order_type} /></Field>
        <Field label="customer.field.is_returning">{word(o.is_returning ? 'customer.returning' : 'customer.newCustomer')}</Field>
        <Field label="customer.field.application_amount">{m(o.application_amount_minor)}</Field>
        <Field label="customer.field.loan_amount">{m(o.loan_amount_minor)}</Field>
        <Field label="customer.field.received_amount">{m(o.received_amount_minor)}</Field>
        <Field label="customer.field.contract_amount">{m(o.contract_amount_minor)}</Field>
        <Field label="customer.field.due_amount">{m(o.due_amount_minor)}</Field>
        <Field label="customer.field.paid_amount">{m(o.paid_amount_minor)}</Field>
        <Field label="customer.field.remaining_debt">{m(o.remaining_debt_minor)}</Field>
        <Field label="customer.field.interest">{m(o.interest_minor)}</Field>
        <Field label="customer.field.management_fee">{m(o.management_fee_minor)}</Field>
        <Field label="customer.field.risk_fee">{m(o.risk_fee_minor)}</Field>
        <Field label="customer.field.payment_fee">{m(o.payment_fee_minor)}</Field>
        <Field label="customer.field.overdue_interest">{m(o.overdue_interest_minor)}</Field>
        <Field label="customer.field.overdue_penalty">{m(o.overdue_penalty_minor)}</Field>
        <Field label="customer.field.reduction_total">{m(o.reduction_total_minor)}</Field>
        <Field label="customer.field.interest_rate"><Ltr>{bp(o.interest_rate_bp)}</Ltr> · <Coded group="interestType" value={o.interest_type} /></Field>
        <Field label="customer.field.overdue_rate"><Ltr>{bp(o.overdue_rate_bp)}</Ltr></Field>
        <Field label="customer.field.loan_days"><Ltr>{o.loan_days}</Ltr></Field>
        <Field label="customer.field.loan_at"><Time value={o.loan_at} /></Field>
        <Field label="customer.field.success_at"><Time value={o.success_at} /></Field>
        <Field label="customer.field.due_date"><Time value={o.due_date} date /></Field>
        <Field label="customer.field.overdue_days"><Ltr>{o.overdue_days}</Ltr></Field>
        <Field label="customer.field.settled"><YesNo value={o.settled} /></Field>
        <Field label="customer.field.settled_at"><Time value={o.settled_at} /></Field>
        <Field label="customer.field.machine_review_result"><Coded group="review" value={o.machine_review_result} /></Field>
        <Field label="customer.field.machine_review_score">{o.machine_review_score ?? <Dash />}</Field>
        <Field label="customer.field.review_stage"><Coded group="reviewStage" value={o.review_stage} /></Field>
        <Field label="customer.field.review_result"><Coded group="review" value={o.review_result} /></Field>
        <Field label="customer.field.review_limit">{m(o.review_limit_minor)}</Field>
        <Field label="customer.field.withdrawal_type"><Coded group="withdrawalType" value={o.withdrawal_type} /></Field>
        <Field label="customer.field.withdrawal_at"><Time value={o.withdrawal_at} /></Field>
        <Field label="customer.field.extension_count"><Ltr>{o.extension_count}</Ltr></Field>
        <Field label="customer.field.created_at"><Time value={o.created_at} /></Field>
        <Field label="customer.field.loan_remark">{o.loan_remark || <Dash />}</Field>
        {money && (
          <>
            <Field label="customer.field.credit" testId="loan-credit">{m(money.credit)}</Field>
            <Field label="customer.field.extension_fee">{m(money.extension_fee)}</Field>
            <Field label="customer.field.over_contract">{money.over_contract ? <OverContract value /> : <YesNo value={false} />}</Field>
          </>
        )}
      </Fields>
      {money && <MoneyParts money={money} />}
    </>
  );
}

type PartRow = { id: string; charged: number; paid: number; reduced: number; owed: number };

/** What the order owes by part: charged, paid, reduced and still owed (docs/repayment.md "What an order owes, by part"). */
function MoneyParts({ money }: { money: OrderMoney }) {
  const word = useWord();
  const rows: PartRow[] = DEBT_PARTS.map((k) => ({
    id: k, paid: money.paid[k], reduced: money.reduced[k], owed: money.owed[k], charged: money.paid[k] + money.reduced[k] + money.owed[k],
  }));
  const sum = (f: keyof Omit<PartRow, 'id'>) => rows.reduce((n, r) => n + r[f], 0);
  rows.push({ id: 'total', charged: sum('charged'), paid: sum('paid'), reduced: sum('reduced'), owed: sum('owed') });
  const m = (v: number) => <Money minor={v} currency={money.currency} />;
  return (
    <div data-testid="loan-parts" style={{ marginTop: 6 }}>
      <MiniTable<PartRow>
        label="customer.money.byPart"
        rows={rows}
        columns={[
          { key: 'part', title: 'customer.field.part', render: (r) => word(`customer.part.${r.id}`) },
          { key: 'charged', title: 'customer.field.charged', align: 'right', render: (r) => m(r.charged) },
          { key: 'paid', title: 'customer.field.paid_amount', align: 'right', render: (r) => m(r.paid) },
          { key: 'reduced', title: 'customer.field.reduction_total', align: 'right', render: (r) => m(r.reduced) },
          { key: 'owed', title: 'customer.field.owed', align: 'right', render: (r) => m(r.owed) },
        ]}
      />
    </div>
  );
}
