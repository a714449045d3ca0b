import type { StagePage } from './review';

/**
 * GET /loanapi/dashboard/summary (docs/dashboard.md): one answer with the sections the account may see. The server
 * decides them from the account's permission nodes; a section (or a figure in it) it may not see is null. Figures are
 * scoped to the account's merchants; "today" is each merchant's business date in its market.
 */
export interface DashboardSummary {
  me: {
    account: string;
    name: string;
    /** Operation-log rows written by me since midnight (business time zone). */
    operations_today: number;
    /** The sign-in before the current one (null on a first sign-in). */
    last_login: { at: string; ip: string } | null;
  };
  /** Sign-ins and accounts: for accounts that read the login log (or hold admin_y). */
  overview: DashboardOverview | null;
  /** Loans over the last 30 business days, read from the statistics facts (each figure under its report's node). */
  lending: LendingSection | null;
  /** Orders waiting in each manual review stage (all-orders readers and review-statistics readers). */
  queues: QueueLength[] | null;
  /** My review queues and decisions (reviewers: accounts holding a stage page). */
  review: ReviewerSection | null;
  /** My collection cases (collectors). */
  collection: CollectorSection | null;
  /** My whitelist numbers and pool customers (marketing agents, registration specialists). */
  acquisition: AcquisitionSection | null;
  /** Balances and payouts of my merchants (merchant operators). */
  merchants: MerchantFigures[] | null;
  generated_at: string;
}

export interface DashboardOverview {
  accounts: { total: number; enabled: number; online: number };
  logins_today: { success: number; failed: number };
  operations_today: number;
  roles: number;
  merchants: { main: number; sub: number };
  dict_items: number;
  /** The last 7 days, oldest first, `date` as YYYY-MM-DD in the business time zone. */
  series: Array<{ date: string; logins: number; failures: number; operations: number }>;
}

/** Days in the dashboard's series. */
export const DASHBOARD_DAYS = 30;

/** A rate as its parts (shown as numerator / denominator on hover); null when nothing to divide. */
export interface Ratio { num: number; den: number }
export const ratioValue = (r: Ratio): number | null => (r.den ? r.num / r.den : null);

/**
 * A figure of the last DASHBOARD_DAYS business days: `series` oldest first, its last point is `today` and the one
 * before it `yesterday`; `total` over the whole series.
 */
export interface Figure<T> { today: T; yesterday: T; total: T; series: T[] }
/** Money of one currency (minor units). */
export interface MoneyFigure extends Figure<number> { currency: string }

export interface LendingSection {
  /** The series' last business date: the latest of the merchants' markets. */
  today: string;
  /** The series' business dates, oldest first (of the market on `today`). */
  dates: string[];
  /** The merchants' markets are on different business dates: each one's series ends on its own today. */
  mixed_dates: boolean;
  /** Orders created (applications), fully approved (to withdrawal), disbursed: orderStatistics. */
  applications: Figure<number> | null;
  approvals: Figure<number> | null;
  payouts: Figure<number> | null;
  /** Paid out to customers and money in (repayments + extension fees), per currency: financialSummary. */
  paid_out: MoneyFigure[] | null;
  money_in: MoneyFigure[] | null;
  /**
   * Share of the loans due on a date still unpaid k days after it (k = 0, 1, 7), by count: repaymentStatisticsRecord.
   * Each point is the cohort whose day D+k has ended: the last one is due k + 1 days before today.
   */
  overdue: { d0: Figure<Ratio>; d1: Figure<Ratio>; d7: Figure<Ratio> } | null;
  /** Money paid on orders while they were in collection, per currency: collectionSummaryNew. */
  recovered: MoneyFigure[] | null;
}

export interface QueueLength {
  page: StagePage;
  /** Orders waiting in the stage. */
  waiting: number;
  /** Of them, claimed by a reviewer. */
  claimed: number;
}

export interface ReviewerSection {
  /** The stages I hold, in their order. */
  stages: Array<{ page: StagePage; claimable: number; mine: number }>;
  /** Stage decisions I took (approved or rejected) today and in the last 7 business days (today included). */
  decided: { today: number; week: number; approved_today: number; approved_week: number };
}

export interface MoneyAmount { currency: string; amount: number }

export interface CollectorSection {
  /** My open cases. */
  cases: number;
  /** Open cases nobody holds (when I may claim from the pool), else null. */
  pool: number | null;
  /** Pending promises due today on my open cases, and their amounts per currency. */
  promises_today: number;
  promised_today: MoneyAmount[];
  /** Money paid this business month on my cases while they were open, per currency. */
  recovered_month: MoneyAmount[];
}

export interface AcquisitionSection {
  /** My whitelist numbers not called yet (null: no myMarketingList page). */
  to_call: number | null;
  /** Call results I recorded today. */
  worked_today: number | null;
  /** Whitelisted numbers credited to me that registered this business month. */
  registered_month: number | null;
  /** Pool and dormant customers I hold (null: no myhighSeasList page). */
  held: number | null;
  /** Public pool customers waiting for a claim (null: no highSeasList page). */
  pool: number | null;
}

export interface MerchantFigures {
  id: number;
  name: string;
  currency: string;
  /** Business date of the merchant's market. */
  today: string;
  /** Ledger balances, minor units. */
  balances: { available: number; frozen: number; loan: number; risk: number };
  /** Loans disbursed and the amount paid out: today, and the last DASHBOARD_DAYS days (today included). */
  payouts_today: { count: number; amount: number };
  payouts_30d: { count: number; amount: number };
}
