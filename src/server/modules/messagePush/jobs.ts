import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { sendDue } from './push';

/** The push job: scheduled messages whose time came are sent within 30 seconds, once across server processes. */
export const PUSH_SEND_JOB = 'messagePush.send';

export async function runPushSend(deps: Deps): Promise<{ ran: boolean; sent: number }> {
  let out = { sent: 0 };
  const ran = await withJobLock(deps.db, PUSH_SEND_JOB, async () => {
    out = await sendDue(deps);
  });
  return { ran, ...out };
}

export const pushSendJob: JobDef = { name: PUSH_SEND_JOB, everyMs: 30_000, run: runPushSend };
