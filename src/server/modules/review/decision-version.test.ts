import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../../commands/command.types';
import { CommandApiError, runCommand } from '../../../../commands/run';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { loanOrder } from '../order/order.table';
import { workTask } from '../task/task.table';
import { claimIdleMinutes, DEFAULT_CLAIM_IDLE_MINUTES } from './idle';
import { createReviewWorld, type ReviewWorld } from './review.fixtures';

const OK = 20000;
const VALIDATION = 40000;
const CONFLICT = 40900;

let t: TestApp;
let w: ReviewWorld;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await createReviewWorld(t.db, 'DV');
  for (const a of ['admin', 'reviewer1', 'reviewer2']) tok[a] = await t.login(a);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (who: string, url: string, body: unknown) => t.post(tok[who], url, body);
const opened = async (who: string, id: number) => (await t.get(tok[who], '/loanapi/review/order_detail', { id })).data as { version: string; task: { mine: boolean } | null };
const statusOf = async (id: number) => (await t.db.select({ s: loanOrder.status }).from(loanOrder).where(eq(loanOrder.id, id)))[0].s;
const holder = async (id: number) => (await t.db.select().from(workTask).where(and(eq(workTask.orderId, id), eq(workTask.queue, 'review.first'), eq(workTask.status, 'claimed'))))[0]?.assigneeId ?? null;

/** A command script's context: the registry's commands, sent through the API as the account. */
async function scriptAs(who: string): Promise<CommandContext> {
  const me = await t.get(tok[who], '/loanapi/account/get_userinfo');
  return {
    nodes: me.data.node_list,
    call: async (api, payload) => {
      const res = api.method === 'GET' ? await t.get(tok[who], api.path, payload) : await t.post(tok[who], api.path, payload);
      if (res.code !== OK) throw new CommandApiError(res.code, res.msg, res.data);
      return res.data as never;
    },
  };
}

describe('a decision carries the version of the order its caller saw', () => {
  it('refuses a missing version (40000, named) and a stale one (40900); the version read from the panel decides', async () => {
    const id = await w.order('first_review');
    const missing = await post('reviewer1', '/loanapi/review/trial/approve', { id });
    expect(missing.code).toBe(VALIDATION);
    expect(JSON.stringify(missing.data)).toContain('version');
    const seen = await opened('reviewer1', id);
    const stale = await post('reviewer1', '/loanapi/review/trial/approve', { id, version: String(Number(seen.version) - 1) });
    expect(stale.code).toBe(CONFLICT);
    expect(stale.msg).toMatch(/changed/i);
    expect(await statusOf(id)).toBe('first_review');
    const ok = await post('reviewer1', '/loanapi/review/trial/approve', { id, version: seen.version });
    expect(ok.code, ok.msg).toBe(OK);
    expect(ok.data.status).toBe('second_review');
    // The answer's version is the order's new one: a second decision with the old one is refused.
    expect(ok.data.version).not.toBe(seen.version);
    const again = await post('reviewer2', '/loanapi/review/reviewAgain/approve', { id, version: seen.version });
    expect(again.code).toBe(CONFLICT);
    expect(await statusOf(id)).toBe('second_review');
  });

  it('a key meant for one order cannot decide another: the version of A does not decide B', async () => {
    const a = await w.order('first_review');
    const b = await w.order('first_review');
    const seenA = await opened('reviewer1', a);
    const wrong = await post('reviewer1', '/loanapi/review/trial/reject', { id: b, version: seenA.version, reason: '1' });
    // Two orders created in one statement could share a millisecond; then the ids differ but the check cannot.
    if (seenA.version !== (await opened('reviewer1', b)).version) expect(wrong.code).toBe(CONFLICT);
    expect((await post('reviewer1', '/loanapi/review/trial/to_service', { id: b, note: 'x' })).code).toBe(VALIDATION);
    expect(await statusOf(b)).toBe('first_review');
  });

  it('from a command script too: without the version the registry command is refused; with the row’s version it runs', async () => {
    const id = await w.order('first_review');
    const ctx = await scriptAs('reviewer1');
    const on = { ...ctx, selection: [{ id }] };
    const bare = await runCommand('review.trial.approve', {}, on).catch((e) => e);
    expect(bare).toBeInstanceOf(CommandApiError);
    expect((bare as CommandApiError).code).toBe(VALIDATION);
    const stale = await runCommand('review.trial.reject', { reason: '1', version: '1' }, on).catch((e) => e);
    expect((stale as CommandApiError).code).toBe(CONFLICT);
    expect(await statusOf(id)).toBe('first_review');
    const list = await t.get(tok.reviewer1, '/loanapi/review/trial/list', { order_no: '', size: 500 });
    const row = list.data.rows.find((r: { id: number }) => r.id === id);
    expect(row.version).toBe((await opened('reviewer1', id)).version);
    const done = await runCommand<{ status: string }>('review.trial.reject', { reason: '1', version: row.version }, on);
    expect(done.status).toBe('closed');
  });
});

describe('claims: taken when the order is opened, given back when idle', () => {
  it('an order claimed and left longer than the idle time goes back to the queue; at customer service it stays', async () => {
    expect(DEFAULT_CLAIM_IDLE_MINUTES).toBe(30);
    const left = await w.order('first_review');
    const atService = await w.order('first_review');
    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id: left })).code).toBe(OK);
    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id: atService })).code).toBe(OK);
    const sent = await post('reviewer1', '/loanapi/review/trial/to_service', { id: atService, version: (await opened('reviewer1', atService)).version, note: 'ask for a payslip' });
    expect(sent.code, sent.msg).toBe(OK);
    // Within the idle time the claim holds: the admin is refused, naming the holder.
    t.clock.advance(29 * 60_000);
    expect((await post('admin', '/loanapi/review/trial/claim', { id: left })).code).toBe(CONFLICT);
    t.clock.advance(2 * 60_000);
    expect((await post('admin', '/loanapi/review/trial/claim', { id: left })).code).toBe(OK);
    expect(await holder(left)).toBe(w.accounts.admin);
    expect(await holder(atService)).toBe(w.accounts.reviewer1);
  });

  it('reads REVIEW_CLAIM_IDLE_MINUTES: a number of minutes, 0 for never; anything else is the default', () => {
    expect(claimIdleMinutes({ REVIEW_CLAIM_IDLE_MINUTES: '5' })).toBe(5);
    expect(claimIdleMinutes({ REVIEW_CLAIM_IDLE_MINUTES: '0' })).toBe(0);
    expect(claimIdleMinutes({ REVIEW_CLAIM_IDLE_MINUTES: 'soon' })).toBe(30);
    expect(claimIdleMinutes({})).toBe(30);
  });
});
