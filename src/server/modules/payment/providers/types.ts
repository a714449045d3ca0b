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

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'http';
  payout(req: PayoutRequest): Promise<PayoutResponse>;
  query(paymentNo: string, providerRef: string): Promise<QueryResponse>;
  /** The notice when the signature holds, else null (forged or altered: refused, nothing changes). */
  verifyCallback(body: Record<string, unknown>): CallbackNotice | null;
  /** What the webhook answers a provider that delivered a callback (many want a literal word). */
  readonly callbackAnswer: string | null;
  test(): Promise<{ ok: boolean; message: string; latencyMs: number }>;
}
