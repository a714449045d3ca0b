import { byId } from '../../../commands';
import { api } from '../../app/api/request';
import type { DashboardSummary } from '../../schemas/dashboard';

/** The list the dashboard screen reads (its command's api): GET /loanapi/dashboard/summary. */
const SUMMARY = byId.get('dashboard.home')!.api!;

/** Silent: the screen shows a failed load in place, with a retry. */
export const getDashboardSummary = (signal?: AbortSignal) => api.get<DashboardSummary>(SUMMARY.path, undefined, { silent: true, signal });
