/**
 * What the payout flow needs from a payment provider (DESIGN §1: one interface, a generic HTTP adapter configured
 * on screen, and the built-in sandbox). A provider never touches the database: the flow records what it says.
 */
export type ProviderStatus = 'in_progress' | 'success' | 'failure';

export interface PayoutRequest {
  /** Our reference of the attempt (payment_order.payment_no); the provider echoes it in callbacks. */
  paymentNo: string;
  orderNo: string;
  amountMinor: number;
  currency: string;
  account: { bankName: string; bankCode: string; number: string; holder: string };
}

export interface PayoutResponse {
  /** The provider took the payout (it will call back, or can be queried). false: refused at once (a failure). */
  accepted: boolean;
  status: ProviderStatus;
  providerRef: string;
  message: string;
  /** What was sent and what came back, for the payout records (secrets left out). */
  request: unknown;
  response: unknown;
}

export interface QueryResponse {
  /** false: the provider does not know the payment (never reached it). */
  found: boolean;
  status: ProviderStatus;
  providerRef: string;
  message: string;
  response: unknown;
}

/** A verified callback. */
export interface CallbackNotice {
  paymentNo: string;
  providerRef: string;
  status: ProviderStatus;
  message: string;
  amountMinor: number | null;
}

// ------------------------------------------------------------------ money in (pay-in)

/** How a customer pays a merchant through the provider: a payment link, a QR code, a deduction from a bound card, or a virtual account (va: issues the account). */
export type CollectMethod = 'link' | 'qr' | 'card' | 'va';

export interface CollectRequest {
  /** Our reference (the repayment's serial number, or a card's issue reference for 'va'); echoed in callbacks. */
  paymentNo: string;
  orderNo: string;
  amountMinor: number;
  currency: string;
  method: CollectMethod;
  customer: { name: string; phone: string };
  /** card: the bound card to deduct from. */
  card?: { bankName: string; bankCode: string; number: string; holder: string };
}

export interface CollectResponse {
  /** false: refused at once (nothing will happen; the repayment failed). */
  accepted: boolean;
  providerRef: string;
  /** link / qr: the page the customer pays on. */
  url: string;
  /** link / qr: what the QR code encodes. */
  qrPayload: string;
  /** va: the virtual account number the customer pays into, at `bankName`. */
  vaNumber: string;
  bankName: string;
  message: string;
  request: unknown;
  response: unknown;
}

export interface CollectQueryResponse {
  /** false: the provider does not know the payment. */
  found: boolean;
  /** in_progress: not paid yet (a link nobody paid, a deduction still running). */
  status: ProviderStatus;
  /** What arrived (success), when the provider says. */
  amountMinor: number | null;
  providerRef: string;
  message: string;
  response: unknown;
}

/**
 * A verified pay-in callback: money arrived (success) or a payment attempt failed. It names our payment
 * (`paymentNo`, a pending repayment) or a virtual account (`vaNumber`, a repayment card).
 */
export interface PayInNotice {
  paymentNo: string;
  vaNumber: string;
  providerRef: string;
  status: 'success' | 'failure';
  amountMinor: number | null;
  message: string;
  /** Provider's time of the event, ms since the epoch (informational). */
  timestamp: number | null;
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'http';
  /** Pay-in methods this provider offers; `collect` refuses the others (40900 repayment.collectUnsupported). */
  readonly payInMethods: readonly CollectMethod[];
  /** Creates a pay-in: a link, a QR code, a card deduction, or a virtual account. */
  collect(req: CollectRequest): Promise<CollectResponse>;
  /** Asks about a pay-in (re-check of a pending repayment). */
  queryCollect(paymentNo: string, providerRef: string): Promise<CollectQueryResponse>;
  /** The pay-in notice when the signature holds, else null (forged or altered: refused, nothing changes). */
  verifyPayIn(body: Record<string, unknown>): PayInNotice | null;
  payout(req: PayoutRequest): Promise<PayoutResponse>;
  query(paymentNo: string, providerRef: string): Promise<QueryResponse>;
  /** The notice when the signature holds, else null (forged or altered: refused, nothing changes). */
  verifyCallback(body: Record<string, unknown>): CallbackNotice | null;
  /** What the webhook answers a provider that delivered a callback (many want a literal word). */
  readonly callbackAnswer: string | null;
  test(): Promise<{ ok: boolean; message: string; latencyMs: number }>;
}
