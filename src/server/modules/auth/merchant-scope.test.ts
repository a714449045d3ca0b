import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWorld, type ClientWorld } from '../../../../tests/support/clientFixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { customer } from '../client/client.table';
import { adminAccount, role } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { dispatchQueue, openTask } from '../task/task';
import { workTask } from '../task/task.table';

/** DESIGN §6c: scoping fails closed — an account saved with no authorised merchant sees no merchant's data. */
describe('merchant scope with no authorised merchant', () => {
  let t: TestApp;
  let w: ClientWorld;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createClientWorld(t.db);
    admin = await t.login('admin');
  }, 120_000);
  afterAll(() => t?.close());

  it('only admin_y grants every merchant', () => {
    expect(isUnscoped({ nodes: new Set(['admin_y']), merchantIds: [] })).toBe(true);
    expect(isUnscoped({ nodes: new Set(['client_clientUser']), merchantIds: [] })).toBe(false);
  });

  it('an account with the customer list and no merchants sees zero rows; the admin sees every customer', async () => {
    const [viewer] = await t.db.select({ id: role.id }).from(role).where(eq(role.identifier, 't_client_view'));
    const added = await t.post(admin, '/loanapi/admin_account/add', {
      account: 'nomerchant', password: 'Secret@123', nickname: 'None', name: 'No Merchant', phone: '0955999077', role_id: viewer.id, merchant_ids: [],
    });
    expect(added.code, added.msg).toBe(20000);
    const none = await t.login('nomerchant', 'Secret@123');
    const res = await t.get(none, '/loanapi/customer/all_list');
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.rows).toEqual([]);
    expect(res.data.total).toBe(0);
    expect((await t.get(none, '/loanapi/customer/all_list', { merchant_id: w.merchantA })).data.rows).toEqual([]);
    expect((await t.get(none, '/loanapi/customer/detail', { customer_id: w.customers.an.id })).code).toBe(40400);

    const everyone = await t.db.select({ id: customer.id }).from(customer);
    const all = await t.get(admin, '/loanapi/customer/all_list', { page_size: 100 });
    expect(all.code, all.msg).toBe(20000);
    expect(all.data.total).toBe(everyone.length);
    expect(everyone.length).toBeGreaterThan(0);
  });

  it('the demo accounts keep their merchants (the main merchant and its sub-merchant)', async () => {
    const rows = await t.db.select({ account: adminAccount.account, merchantIds: adminAccount.merchantIds }).from(adminAccount);
    const of = (a: string) => rows.find((r) => r.account === a)!.merchantIds;
    expect(of('reviewer1').length).toBe(2);
    expect(of('submerchant').length).toBe(1);
    expect(of('merchant')).toEqual(of('reviewer1'));
    const token = await t.login('clscoped');
    const res = await t.get(token, '/loanapi/customer/all_list', { page_size: 100 });
    expect(res.data.rows.length).toBeGreaterThan(0);
    expect(res.data.rows.every((r: { merchant_name: string }) => r.merchant_name === 'T Alpha Lending')).toBe(true);
  });

  it('dispatch gives an account with no merchants no task, whatever its merchant', async () => {
    const [none] = await t.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'nomerchant'));
    const at = new Date();
    await openTask(t.db, { queue: 'scope.none', orderId: 990001, merchantId: w.merchantA, at });
    await openTask(t.db, { queue: 'scope.none', orderId: 990002, merchantId: w.merchantB, at });
    expect(await dispatchQueue(t.db, { queue: 'scope.none', accountIds: [none.id], cap: 10, at })).toEqual({ assigned: 0, unassigned: 2 });
    const rows = await t.db.select().from(workTask).where(eq(workTask.queue, 'scope.none'));
    expect(rows.every((r) => r.status === 'open' && r.assigneeId === null)).toBe(true);
  });
});
