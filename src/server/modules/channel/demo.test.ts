import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CHANNEL_API } from '../../../schemas/channel';
import { adminAccount } from '../empower/empower.table';
import { channel } from '../merchant/channel.table';
import { channelAuditRuleFor } from './auditRule';
import { boundChannelIds } from './binding';
import { channelConversion, channelProvider, channelSecret, virtualChannel } from './channelAdmin.table';
import { seedChannelDemo } from './demo';
import { resolveChannelCode } from './virtual';

/** The channel demo on the generated business data: what it adds, how fast, and that a second run changes nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
}, 400_000);
afterAll(async () => t?.close());

describe('seedChannelDemo', () => {
  it('seals the generated secrets and adds an alias, a rule, a sandbox provider with deliveries and the agent bindings', async () => {
    const started = performance.now();
    await seedChannelDemo(t.db);
    const took = performance.now() - started;
    // 0.3 s measured on the demo data; the margin is for a busy machine.
    expect(took).toBeLessThan(1500);
    const plain = await t.db.select({ id: channel.id }).from(channel).where(sql`${channel.privateKey} <> '' or ${channel.trackingSecret} <> '' or ${channel.accessToken} <> ''`);
    expect(plain).toEqual([]);
    expect((await t.db.select().from(channelSecret)).length).toBeGreaterThan(0);

    const [alias] = await t.db.select().from(virtualChannel);
    expect((await resolveChannelCode(t.db, [alias.merchantId], alias.code))?.channelId).toBe(alias.targetChannelId);
    const [aff] = await t.db.select().from(channel).where(eq(channel.code, 'M001-AFF'));
    if (aff) expect((await channelAuditRuleFor(t.db, aff.id))?.forceManual).toBe(true);
    const delivered = await t.db.select().from(channelConversion).where(eq(channelConversion.status, 'delivered'));
    expect(delivered.length).toBeGreaterThan(0);
    const [agent] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'marketing'));
    expect(await boundChannelIds(t.db, agent.id)).toHaveLength(2);

    const marketing = await t.login('marketing');
    const mine = await t.get(marketing, CHANNEL_API.list, { mine: 1 });
    expect(mine.code, mine.msg).toBe(20000);
    expect(mine.data.rows).toHaveLength(2);

    const counts = async () => [(await t.db.select().from(virtualChannel)).length, (await t.db.select().from(channelProvider)).length, (await t.db.select().from(channelConversion)).length];
    const before = await counts();
    await seedChannelDemo(t.db);
    expect(await counts()).toEqual(before);
  });
});
