import { byId, type ApiCall } from '../../../commands';
import { api } from '../../app/api/request';
import type { TokenRow, TokenSummaryRow } from '../../schemas/empower';
import type { AppRunLogRow, ClientErrorRow, LoginLogRow, LogList, OperationLogRow } from '../../schemas/log';

/** The lists of the log screens are their commands' api calls (one declaration: the registry). */
const listOf = (screen: string): ApiCall => byId.get(screen)!.api!;

export interface Page<T> {
  rows: T[];
  total: number;
  /** More rows match than `total` (counts are capped on the big logs). */
  total_capped?: boolean;
}

export type Query = Record<string, unknown>;

/** Silent: a screen shows a failed load in place, with a retry. */
const opts = (signal?: AbortSignal) => ({ silent: true, signal });

export const getSessions = (q: Query, signal?: AbortSignal) =>
  api.call<Page<TokenRow>>(listOf('log.admin_token_login'), q, opts(signal));

export const getActiveSummary = (q: Query, signal?: AbortSignal) =>
  api.call<Page<TokenSummaryRow>>(listOf('log.admin_active_summary'), q, opts(signal));

export const getLoginLog = (q: Query, signal?: AbortSignal) =>
  api.call<LogList<LoginLogRow>>(listOf('log.admin_login'), q, opts(signal));

export const getOperationLog = (q: Query, signal?: AbortSignal) =>
  api.call<LogList<OperationLogRow>>(listOf('log.admin_operate'), q, opts(signal));

export const getClientErrors = (q: Query, signal?: AbortSignal) =>
  api.call<LogList<ClientErrorRow>>(listOf('log.vue_and_query_log'), q, opts(signal));

export const getAppRunLog = (q: Query, signal?: AbortSignal) =>
  api.call<LogList<AppRunLogRow>>(listOf('log.app_run_log'), q, opts(signal));
