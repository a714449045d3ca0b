/** GET /loanapi/dashboard/summary */
export interface DashboardSummary {
  me: {
    account: string;
    name: string;
    /** Operation-log rows written by me since midnight (business time zone). */
    operations_today: number;
    /** The sign-in before the current one (null on a first sign-in). */
    last_login: { at: string; ip: string } | null;
  };
  /** For accounts that read the login log (or hold admin_y); scoped to the account's merchants. */
  overview: DashboardOverview | null;
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
