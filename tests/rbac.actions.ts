/**
 * The action commands each demo role template may run (besides signing out), by screen command id then verb: the RBAC
 * matrix (tests/rbac.test.ts) compares them with what the templates' nodes grant. Widening a template means editing
 * this list — on purpose, in review. The administrator holds everything and is not listed.
 */
export const TEMPLATE_ACTIONS: Record<string, Record<string, string[]>> = {
  first_review: {
    'review.initialReviewCustomerService': ['claim', 'release', 'finish'],
    'review.trial': ['claim', 'release', 'approve', 'approveLimit', 'reject', 'batchReject', 'next', 'toService'],
  },
  second_review: {
    'review.againReviewCustomerService': ['claim', 'release', 'finish'],
    'review.reviewAgain': ['claim', 'release', 'approve', 'approveLimit', 'reject', 'batchReject', 'next', 'toService'],
  },
  pre_review: {
    'review.paymentPreTrialService': ['claim', 'release', 'finish'],
    'review.PaymentPreTrial': ['claim', 'release', 'approve', 'approveLimit', 'reject', 'batchReject', 'next', 'toService'],
    'review.reviewLoan': ['claim', 'release', 'approve', 'approveLimit', 'reject', 'batchReject', 'next'],
    'review.loanInterception': ['intercept', 'interceptRelease', 'interceptClose'],
  },
  // Their own queues: dispatching the pool and releasing others' idle claims are not theirs.
  withdrawal_agent: {
    'withdrawal.waitFor': ['claim', 'toMarket'],
    'withdrawal.MywaitForOrder': ['contact', 'confirmWithdrawal', 'sendSms', 'toMarket', 'release', 'close'],
    'withdrawal.MarketWaitTakeOrder': ['take'],
    'withdrawal.MyTakeConfirmOrder': ['contact', 'confirmWithdrawal', 'sendSms', 'release', 'close'],
    'withdrawal.MyPaymentNoticeOrder': ['notify'],
    'withdrawal.dormantTask': ['claim', 'contact', 'sendSms', 'finish', 'release'],
    'withdrawal.WaitForcustomerService': ['claim', 'contact', 'notify', 'returnWithdrawal', 'release', 'close'],
    'withdrawal.MywaitSMS': ['sendSms'],
    'payment.paymentOrderLoan': ['recheck'],
    'transfer.TransferOrderLoan': ['recheck'],
  },
  collector: {
    'client.clientUserCollection': ['claim', 'release'],
    'collection.myCollectionList': ['call', 'callContact', 'callEnd', 'result1', 'result2', 'result3', 'result4', 'result5', 'result6', 'result', 'promise', 'note', 'offerExtension', 'offerReduction', 'giveBack'],
    'collection.collectionRemark': ['claim'],
  },
  reminder_agent: {
    'client.clientUserCollection': ['claim', 'release'],
    'withdrawal.MywaitSMS': ['sendSms'],
    'collection.myCollectionList': ['call', 'callContact', 'callEnd', 'result1', 'result2', 'result3', 'result4', 'result5', 'result6', 'result', 'promise', 'note', 'offerExtension', 'offerReduction', 'giveBack'],
    'collection.collectionPromptList': ['claim', 'remind'],
  },
  marketing_agent: {
    'withdrawal.MarketWaitTakeOrder': ['take'],
    'withdrawal.MyTakeConfirmOrder': ['contact', 'sendSms', 'release'],
  },
  registration_specialist: { 'client.outblackList': ['recheck'] },
  main_merchant: {
    'client.blackList': ['add', 'import', 'expire', 'del'],
    'client.outblackList': ['recheck'],
    'merchant.loanConfig': ['edit'],
    'withdrawal.manualLending': ['add'],
    'collection.refundTheAmount': ['refund'],
    'extension.ExhibitionPeriodList': ['apply'],
    'extension.ExhibitionPeriodPassedList': ['pay'],
    'extension.reviewExhibitionPeriod': ['pass', 'reject'],
    'repayment.repaymentList': ['revoke', 'collect', 'recheck'],
    'repayment.settlement': ['add', 'revoke'],
    'repayment.abnormal': ['handle'],
    'repayment.manualRepayment': ['add', 'revoke'],
    'repayment.repaymentCardList': ['issue'],
    'repayment.resetAllRepaymentCards': ['reset'],
    'repayment.paymentPayCard': ['deduct'],
    'payment.paymentOrderLoan': ['recheck'],
    'payment.PaymentOrderFail': ['retransfer'],
    'transfer.orderAudit': ['approve', 'reject'],
    'transfer.TransferOrderLoan': ['recheck'],
    'transfer.TransferOrderFail': ['retransfer'],
    'transfer.repaymentPayCard': ['add', 'edit', 'del'],
    'transfer.collectionPayCard': ['add', 'edit', 'del'],
    'merchant.autoPaymentConfig': ['edit'],
    'merchant.autoLoanRule': ['add', 'edit', 'del'],
    'merchant.DebtSettings': ['edit'],
    'merchant.product': ['add', 'edit', 'enable', 'disable', 'del'],
    'merchant.repaymentDiscountRule': ['add', 'edit', 'del', 'requestReduction', 'approveReduction', 'rejectReduction'],
    'merchant.stage': ['add', 'edit', 'del', 'groupAdd', 'groupDel', 'memberSave', 'memberDel'],
    'merchant.autoAuditRule': ['add', 'edit', 'enable', 'disable', 'clone', 'cloneSet', 'del'],
    'merchant.orderScoringRule': ['add', 'edit', 'enable', 'disable', 'clone', 'cloneSet', 'del', 'threshold'],
    'merchant.account': ['add', 'rotate', 'disable'],
    'merchant.loanRuleConfig': ['add', 'edit', 'del'],
    'merchant.loanRestrictionRule': ['add', 'edit', 'del'],
  },
  sub_merchant: {},
  // Read-only: lists, boards, reports and logs.
  supervisor: {},
  // The collection board's actions; no order, no money.
  collection_supervisor: {
    'collection.collectionRemark': ['assign'],
    'collection.CollectionServiceManagement': ['assign', 'return', 'stay', 'runDay'],
  },
};
