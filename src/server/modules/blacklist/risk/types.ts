import type { BlacklistType } from '../../../../schemas/blacklist';
import type { Market } from '../../../../schemas/merchant';

/**
 * What the risk-control blacklist needs from an external risk provider (DESIGN §1: one interface, the built-in
 * sandbox, a real provider's adapter beside it). A provider never touches the database: the sync job and the
 * re-check store what it says.
 */

export interface RiskListing {
  /** The provider's own reference of the listing: the same listing delivered twice is stored once. */
  ref: string;
  type: BlacklistType;
  /** The identifier in the market's local form (phone local number, ID number as issued). */
  value: string;
  level: 1 | 2 | 3;
  /** The provider's category (court, fraud_consortium, telecom_fraud, multi_lender). */
  source: string;
  reason: string;
  listedAt: Date;
}

export interface FeedPage {
  listings: RiskListing[];
  /** Where the next page starts; equal to the cursor sent when nothing is new. */
  cursor: string;
  /** More pages are ready now. */
  more: boolean;
}

/** Who a re-check asks about. */
export interface RiskSubject {
  merchantId: number;
  market: Market;
  phone: string;
  idNumber: string;
  deviceIds: string[];
  cardNumbers: string[];
}

export interface RiskVerdict {
  hit: boolean;
  /** The listing behind a hit (null when clear). */
  listing: RiskListing | null;
  /** What came back, for the check record (secrets left out). */
  response: unknown;
}

/** A credit (risk) report on one person: a score 0–1000 (higher is safer), a grade A–E and the flags behind it. */
export interface RiskReport {
  score: number;
  grade: 'A' | 'B' | 'C' | 'D' | 'E';
  /** Provider flags: identity_mismatch, many_applications, device_shared, court_record, telecom_fraud, thin_file … */
  flags: string[];
  /** The provider's reference of the report. */
  ref: string;
}

/** One loan of the person at another lender, as the multi-lender provider reports it (amounts in the market's currency, minor units). */
export interface OtherLenderLoan {
  lender: string;
  /** consumer | payday | installment | credit_card */
  product: string;
  amount_minor: number;
  outstanding_minor: number;
  overdue_days: number;
  opened_on: string;
}

/** The person's borrowing at other lenders (the platform's own merchants are not in it: that is co-debt). */
export interface MultiLenderReport {
  lenders: number;
  applications_30d: number;
  loans: OtherLenderLoan[];
  outstanding_minor: number;
  max_overdue_days: number;
  currency: string;
  ref: string;
}

export interface RiskProvider {
  /** Stable name, stored with every entry (`risk_blacklist_entry.provider`). */
  readonly name: string;
  /** The listings the provider published for a merchant after `cursor` ('' = from the start), at most `limit`. */
  feed(merchant: { id: number; market: Market }, cursor: string, limit: number, now: Date): Promise<FeedPage>;
  /** Whether one person is listed now. */
  check(subject: RiskSubject, now: Date): Promise<RiskVerdict>;
  /** The person's risk report as of now (the customer detail's risk report). */
  report(subject: RiskSubject, now: Date): Promise<RiskReport>;
  /** The person's loans at other lenders as of now (the customer detail's multi-lender report). */
  multiLender(subject: RiskSubject, now: Date): Promise<MultiLenderReport>;
}
