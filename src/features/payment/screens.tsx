import { openPath } from '../../app/router/openPath';
import {
  autoLoanRuleListQuery, channelListQuery, payCardListQuery, paymentConfigListQuery, paymentEventListQuery, paymentOrderListQuery,
  transferListQuery, type AutoLoanRuleRow, type ChannelRow, type PayCardRow, type PaymentConfigRow, type PaymentEventRow,
  type PaymentOrderRow, type TransferRow,
} from '../../schemas/payment';
import { channelColumns, configColumns, eventColumns, payCardColumns, paymentOrderColumns, ruleColumns, transferColumns } from './columns';
import { PaymentListScreen } from './PaymentListScreen';

/**
 * The screens of the payment area. /payment and /transfer share one area on disk (this folder); so do the payout
 * pages of /system (bankChannel) and /merchant (autoPaymentConfig, autoLoanRule). Each status screen is the query
 * list of its kind with the status fixed by its own URL (and permission).
 */
const STATUS_FIXED = ['status'];

/** The shared customer-detail view of a transfer's customer (spec §2: client, name, phone). */
function openCustomer(r: TransferRow): void {
  const q = new URLSearchParams({ client: String(r.customer_id), name: r.customer_name ?? '', phone: r.phone ?? '' });
  openPath(`/example/orderDetails?${q.toString()}`);
}

const payment = (screen: string, url: string, fixed: boolean) => () => (
  <PaymentListScreen<PaymentOrderRow> screen={`payment.${screen}`} url={url} filters={paymentOrderListQuery} columns={paymentOrderColumns}
    omit={fixed ? STATUS_FIXED : undefined} testId={`payment-${screen}`} />
);
const transfers = (screen: string, url: string, fixed: boolean) => () => (
  <PaymentListScreen<TransferRow> screen={`transfer.${screen}`} url={url} filters={transferListQuery} columns={transferColumns}
    omit={fixed ? STATUS_FIXED : undefined} onOpen={openCustomer} testId={`transfer-${screen}`} />
);
const payCards = (screen: 'repaymentPayCard' | 'collectionPayCard', purpose: string) => () => (
  <PaymentListScreen<PayCardRow> screen={`transfer.${screen}`} url={`/loanapi/${purpose}_pay_card/list`} filters={payCardListQuery}
    columns={payCardColumns} testId={`transfer-${screen}`} />
);

export const PaymentRecords = () => (
  <PaymentListScreen<PaymentEventRow> screen="payment.orderRecord" url="/loanapi/payment_order/record_list" filters={paymentEventListQuery}
    columns={eventColumns} testId="payment-orderRecord" />
);
export const PaymentOrderQuery = payment('PaymentOrderQuery', '/loanapi/payment_order/list', false);
export const PaymentOrderLoan = payment('paymentOrderLoan', '/loanapi/payment_order/loan_list', true);
export const PaymentOrderSuccess = payment('PaymentOrderSuccess', '/loanapi/payment_order/success_list', true);
export const PaymentOrderFail = payment('PaymentOrderFail', '/loanapi/payment_order/fail_list', true);

export const TransferOrderQuery = transfers('TransferOrderQuery', '/loanapi/transfer/list', false);
export const TransferAudit = transfers('orderAudit', '/loanapi/transfer/audit_list', true);
export const TransferOrderLoan = transfers('TransferOrderLoan', '/loanapi/transfer/loan_list', true);
export const TransferOrderSuccess = transfers('TransferOrderSuccess', '/loanapi/transfer/success_list', true);
export const TransferOrderFail = transfers('TransferOrderFail', '/loanapi/transfer/fail_list', true);
export const TransferOrderArtificial = transfers('TransferOrderArtificial', '/loanapi/transfer/artificial_list', false);
export const RepaymentPayCards = payCards('repaymentPayCard', 'repayment');
export const CollectionPayCards = payCards('collectionPayCard', 'collection');

export const BankChannels = () => (
  <PaymentListScreen<ChannelRow> screen="system.bankChannel" url="/loanapi/bank_channel/list" filters={channelListQuery} columns={channelColumns} testId="system-bankChannel" />
);
export const AutoPaymentConfig = () => (
  <PaymentListScreen<PaymentConfigRow> screen="merchant.autoPaymentConfig" url="/loanapi/payment_config/list" filters={paymentConfigListQuery}
    columns={configColumns} defaultSort="id:asc" testId="merchant-autoPaymentConfig" />
);
export const AutoLoanRules = () => (
  <PaymentListScreen<AutoLoanRuleRow> screen="merchant.autoLoanRule" url="/loanapi/auto_loan_rule/list" filters={autoLoanRuleListQuery}
    columns={ruleColumns} testId="merchant-autoLoanRule" />
);
