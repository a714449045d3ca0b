import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BusinessClockInfo } from '../../../schemas/system';
import type { Deps } from '../../deps';
import { SIGNED_IN, route } from '../../http';
import { adminAccount } from '../empower/empower.table';
import { dateIn } from '../lifecycle/clock';
import { merchantMarket } from '../merchant/market';

/**
 * The business clock as the caller's market sees it: screens that print "today" or "updated at" show the business
 * date in the market's time zone, not the browser's clock (the business date may be moved on /system/test).
 * The market is the one of the account's organizer merchant; an account without one reads the server's zone.
 */
export function clockRoutes(app: FastifyInstance, d: Deps): void {
  route(app, { method: 'GET', url: '/loanapi/system/clock', permission: SIGNED_IN }, async ({ req }): Promise<BusinessClockInfo> => {
    const [me] = await d.db.select({ organizerId: adminAccount.organizerId }).from(adminAccount).where(eq(adminAccount.id, req.actor!.accountId));
    const timeZone = me?.organizerId ? (await merchantMarket(d.db, me.organizerId)).timeZone : d.cfg.timeZone;
    await d.clock.refresh();
    const businessNow = d.clock.now();
    return {
      time_zone: timeZone,
      business_date: dateIn(businessNow, timeZone),
      business_now: businessNow.toISOString(),
      system_now: d.now().toISOString(),
    };
  });
}
