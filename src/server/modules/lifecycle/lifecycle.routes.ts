import type { FastifyInstance } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { businessClockBody, type BusinessClockState } from '../../../schemas/lifecycle';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { writeOpLog } from '../log/oplog';

/**
 * The business clock on the system test screen (/system/test): read it, move it to a date or by days, or return it
 * to system time. Moving it is how staff rehearse a loan's life (due, overdue, extension) on a test install.
 */
export function lifecycleRoutes(app: FastifyInstance, deps: Deps): void {
  const state = (): BusinessClockState => ({
    business_time: deps.clock.now().toISOString(),
    system_time: deps.now().toISOString(),
    offset_ms: deps.clock.offsetMs(),
  });

  route(app, { method: 'GET', url: '/loanapi/system/business_clock', permission: pageKey('system', 'test') }, async () => {
    await deps.clock.refresh(true);
    return state();
  });

  route(app, { method: 'POST', url: '/loanapi/system/business_clock', permission: actionKey('system', 'test', 'moveClock'), body: businessClockBody }, async ({ req, body }) => {
    const before = state();
    if (body.reset) await deps.clock.set(null, req.actor!.accountId);
    else if (body.date) await deps.clock.set(new Date(body.date), req.actor!.accountId);
    else await deps.clock.advanceDays(body.advance_days ?? 0, req.actor!.accountId);
    const after = state();
    await writeOpLog(deps.db, req, { action: 'system.businessClock', before, after });
    return after;
  });
}
