import type { JobDef } from './scheduler';
import { paymentRecheckJob } from '../modules/payment/jobs';
import { withdrawalJob } from '../modules/withdrawal/withdrawal.job';
import { INTAKE_JOBS } from '../modules/intake/expiry';
import { machineReviewJob } from '../modules/scoring/machine-review.job';
import { endOfDayJob } from '../modules/repayment/endOfDay';
import { collectionDayJob } from '../modules/collection/day';
import { repaymentRecheckJob } from '../modules/repayment/recheck.job';
import { loginAttemptPruneJob } from '../modules/auth/prune.job';
import { statisticsRebuildJob, statisticsRefreshJob } from '../modules/statistics/refresh';
import { BLACKLIST_JOBS } from '../modules/blacklist/jobs';
import { channelDeliverJob } from '../modules/channel/conversions';
import { POOL_JOBS } from '../modules/pool/refresh';
import { pushSendJob } from '../modules/messagePush/jobs';

import { SMS_JOBS } from '../modules/sms/jobs';
import { customerSessionSweepJob } from '../modules/customerSession/jobs';
import { databaseMaintainJob } from '../db/maintain';
/**
 * Every background job of the product (DESIGN §4: in-process, on a schedule, once across processes by advisory
 * lock). `npm start` runs them (JOBS_ENABLED=false turns them off); tests call `runJob` on the one they need.
 */
export const JOBS: JobDef[] = [machineReviewJob, paymentRecheckJob, withdrawalJob, ...INTAKE_JOBS, endOfDayJob, collectionDayJob, repaymentRecheckJob, loginAttemptPruneJob, statisticsRefreshJob, statisticsRebuildJob, ...BLACKLIST_JOBS, channelDeliverJob, ...POOL_JOBS, pushSendJob, ...SMS_JOBS, customerSessionSweepJob,
  databaseMaintainJob];
