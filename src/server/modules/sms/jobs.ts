import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { dispatchQueued } from './engine';
import { sendDueReminders } from './reminders';
import { sendTasks, type TaskRunOptions } from './tasks';

/**
 * Jobs of the SMS area (docs/sms.md), each once across server processes (withJobLock):
 * - `sms.tasks` (every second): the running tasks' numbers, batch by batch, throttled per configuration; a run goes on
 *   for up to 55 s while there is work, and starts by recovering what a stopped run left half-sent;
 * - `sms.dispatch` (every 5 s): the outbox — messages other areas queued in their transactions (withdrawal SMS);
 * - `sms.reminders` (hourly; one message per order, kind and day): repayment reminders D-2, D-1, D0 and overdue days.
 */
export const SMS_TASKS_JOB = 'sms.tasks';
export const SMS_DISPATCH_JOB = 'sms.dispatch';
export const SMS_REMINDERS_JOB = 'sms.reminders';

export async function runSmsTasks(deps: Deps, opts: TaskRunOptions = {}): Promise<{ ran: boolean; sent: number; recovered: number }> {
  let out = { sent: 0, recovered: 0 };
  const ran = await withJobLock(deps.db, SMS_TASKS_JOB, async () => {
    out = await sendTasks(deps.db, deps.now, opts);
  });
  return { ran, ...out };
}

export async function runSmsDispatch(deps: Deps): Promise<{ ran: boolean; sent: number }> {
  let sent = 0;
  const ran = await withJobLock(deps.db, SMS_DISPATCH_JOB, async () => {
    sent = await dispatchQueued(deps.db, 2000);
  });
  return { ran, sent };
}

export async function runSmsReminders(deps: Deps): Promise<{ ran: boolean; queued: number; sent: number }> {
  let out = { queued: 0, sent: 0 };
  const ran = await withJobLock(deps.db, SMS_REMINDERS_JOB, async () => {
    out = await sendDueReminders(deps.db, (tz) => deps.clock.today(tz));
  });
  return { ran, ...out };
}

export const smsTasksJob: JobDef = { name: SMS_TASKS_JOB, everyMs: 1_000, run: (deps) => runSmsTasks(deps) };
export const smsDispatchJob: JobDef = { name: SMS_DISPATCH_JOB, everyMs: 5_000, run: runSmsDispatch };
export const smsRemindersJob: JobDef = { name: SMS_REMINDERS_JOB, everyMs: 3_600_000, run: runSmsReminders };

/** For src/server/jobs/index.ts: `...SMS_JOBS`. */
export const SMS_JOBS: JobDef[] = [smsTasksJob, smsDispatchJob, smsRemindersJob];
