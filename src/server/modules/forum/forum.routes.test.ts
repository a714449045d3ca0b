import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { FORUM_API, FORUM_RULES } from '../../../schemas/forum';
import { customer } from '../client/client.table';
import { appCall, intakeWorld, registerBody, vnBorrower, type IntakeWorld } from '../intake/intake.fixtures';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { forumPost, forumReply, forumReport } from './forum.table';

/** The forum over HTTP: the signed borrower calls (limits, reports once, hidden posts gone) and the moderation screen. */
let t: TestApp;
let w: IntakeWorld;
let admin: string;
let op: string;
let collector: string;
const phones: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
  [admin, op, collector] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('collector')]);
  for (let i = 0; i < 4; i++) {
    const b = vnBorrower();
    const r = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    expect(r.code).toBe(20000);
    phones.push(b.phone);
  }
}, 90_000);
afterAll(() => t?.close());

const posts = async () => (await t.db.select({ n: count() }).from(forumPost))[0].n;
const post = (i: number, title: string, body = 'Hello everyone') => appCall(t, w.mainApp, 'POST', FORUM_API.appPost, { phone: phones[i], title, body });
const list = async (token = op, q: Record<string, unknown> = {}) => (await t.get(token, FORUM_API.list, q)).data.rows as Array<{ id: number; reports: number; hidden: boolean; pinned: boolean; merchant_id: number }>;
const appList = async () => (await appCall(t, w.mainApp, 'GET', `${FORUM_API.appPosts}?size=50`)).data.rows as Array<{ id: number; pinned: boolean; author: string }>;

describe('borrower app', () => {
  it('refuses unsigned calls before validating anything', async () => {
    for (const [method, url] of [['GET', FORUM_API.appPosts], ['GET', `${FORUM_API.appThread}?id=1`], ['POST', FORUM_API.appPost], ['POST', FORUM_API.appReply], ['POST', FORUM_API.appReport]] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { phone: phones[0], title: 'x', body: 'y' } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
    expect(await posts()).toBe(0);
  });

  it('creates posts within the limits and refuses bad input, writing nothing', async () => {
    expect((await post(0, 'First post')).code).toBe(20000);
    for (const bad of [{ title: 'a\u0000b', body: 'x' }, { title: 'x', body: 'a\u0000b' }, { title: '', body: 'x' }, { title: 'x', body: '   ' },
      { title: 'x'.repeat(FORUM_RULES.titleMax + 1), body: 'x' }, { title: 'x', body: 'y'.repeat(FORUM_RULES.bodyMax + 1) }]) {
      const r = await appCall(t, w.mainApp, 'POST', FORUM_API.appPost, { phone: phones[0], ...bad });
      expect(r.code, JSON.stringify(bad).slice(0, 60)).toBe(40000);
    }
    // Not a customer of the app's merchant: no post.
    expect((await appCall(t, w.mainApp, 'POST', FORUM_API.appPost, { phone: '0987654321', title: 'x', body: 'y' })).code).toBe(40400);
    expect(await posts()).toBe(1);
  });

  it('limits posts per customer in the window', async () => {
    for (let i = 0; i < FORUM_RULES.postsPerWindow; i++) expect((await post(1, `Post ${i}`)).code).toBe(20000);
    const over = await post(1, 'One too many');
    expect(over.code).toBe(42900);
    expect(over.status).toBe(429);
    t.clock.advance((FORUM_RULES.windowMinutes + 1) * 60_000);
    expect((await post(1, 'After the window')).code).toBe(20000);
  });

  it('reports a post once per customer; reported posts come first on the staff list', async () => {
    const target = (await post(2, 'Cheap loans elsewhere!!!')).data.id as number;
    const r1 = await appCall(t, w.mainApp, 'POST', FORUM_API.appReport, { phone: phones[0], post_id: target, reason: 'spam' });
    expect(r1.code).toBe(20000);
    const again = await appCall(t, w.mainApp, 'POST', FORUM_API.appReport, { phone: phones[0], post_id: target, reason: 'fraud' });
    expect(again.code).toBe(40900);
    expect((await appCall(t, w.mainApp, 'POST', FORUM_API.appReport, { phone: phones[1], post_id: target, reason: 'fraud' })).code).toBe(20000);
    expect((await appCall(t, w.mainApp, 'POST', FORUM_API.appReport, { phone: phones[1], post_id: target, reason: 'nonsense' })).code).toBe(40000);
    expect(await t.db.select().from(forumReport).where(eq(forumReport.postId, target))).toHaveLength(2);
    const rows = await list();
    expect(rows[0]).toMatchObject({ id: target, reports: 2 });
    expect(rows.slice(1).every((r) => r.reports <= rows[0].reports)).toBe(true);
    const reportedOnly = await list(op, { reported: '1' });
    expect(reportedOnly.map((r) => r.id)).toEqual([target]);
  });

  it('replies as a borrower; the thread shows borrower and staff replies in order', async () => {
    const [p] = await t.db.select().from(forumPost).where(eq(forumPost.title, 'First post'));
    expect((await appCall(t, w.mainApp, 'POST', FORUM_API.appReply, { phone: phones[3], post_id: p.id, body: 'Welcome!' })).code).toBe(20000);
    expect((await t.post(op, FORUM_API.reply, { id: p.id, body: 'Thanks for posting.' })).code).toBe(20000);
    const th = await appCall(t, w.mainApp, 'GET', `${FORUM_API.appThread}?id=${p.id}`);
    expect(th.data.replies.map((r: { staff: boolean; body: string }) => [r.staff, r.body])).toEqual([[false, 'Welcome!'], [true, 'Thanks for posting.']]);
    expect(th.data.post.replies).toBe(2);
    // Borrowers see an alias, never the name or the phone.
    expect(JSON.stringify(th.data)).not.toContain(phones[0]);
  });
});

describe('moderation', () => {
  it('hides a post: gone from the app (list, thread, reply, report), logged; shown again on unhide', async () => {
    const [p] = await t.db.select().from(forumPost).where(eq(forumPost.title, 'Cheap loans elsewhere!!!'));
    expect((await t.post(op, FORUM_API.hide, { id: p.id, hidden: true })).code).toBe(20000);
    expect((await appList()).map((r) => r.id)).not.toContain(p.id);
    expect((await appCall(t, w.mainApp, 'GET', `${FORUM_API.appThread}?id=${p.id}`)).code).toBe(40400);
    expect((await appCall(t, w.mainApp, 'POST', FORUM_API.appReply, { phone: phones[3], post_id: p.id, body: 'x' })).code).toBe(40400);
    expect((await appCall(t, w.mainApp, 'POST', FORUM_API.appReport, { phone: phones[3], post_id: p.id, reason: 'spam' })).code).toBe(40400);
    // Stating the wanted state again changes nothing (a repeated key press does not flip it back).
    expect((await t.post(op, FORUM_API.hide, { id: p.id, hidden: true })).data.hidden).toBe(true);
    expect((await list(op, { hidden: '1' })).map((r) => r.id)).toEqual([p.id]);
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.targetType, 'forum_post'), eq(operationLog.targetId, String(p.id))));
    expect(logs.map((l) => l.action)).toEqual(['forum.hide']);
    expect((await t.post(op, FORUM_API.hide, { id: p.id, hidden: false })).code).toBe(20000);
    expect((await appList()).map((r) => r.id)).toContain(p.id);
  });

  it('pins: pinned posts first in the app', async () => {
    const [p] = await t.db.select().from(forumPost).where(eq(forumPost.title, 'First post'));
    expect((await t.post(op, FORUM_API.pin, { id: p.id, pinned: true })).code).toBe(20000);
    const rows = await appList();
    expect(rows[0]).toMatchObject({ id: p.id, pinned: true });
    const paged = await appCall(t, w.mainApp, 'GET', `${FORUM_API.appPosts}?page=2&size=2`);
    expect(paged.data).toMatchObject({ page: 2, size: 2 });
    expect(paged.data.rows.map((r: { id: number }) => r.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
  });

  it('checks permissions, validation and merchant scope on every staff route', async () => {
    const [other] = await t.db.insert(merchant).values({ code: 'M-FORUM', name: 'Other Lender', currency: 'VND' }).returning();
    const [cu] = await t.db.select().from(customer).limit(1);
    const [foreign] = await t.db.insert(forumPost).values({ merchantId: other.id, customerId: cu.id, title: 'Theirs', body: 'x' }).returning();
    const replies = (await t.db.select({ n: count() }).from(forumReply))[0].n;
    expect((await t.post(op, FORUM_API.hide, { id: foreign.id, hidden: true })).code).toBe(40400);
    expect((await t.post(op, FORUM_API.pin, { id: foreign.id, pinned: true })).code).toBe(40400);
    expect((await t.post(op, FORUM_API.reply, { id: foreign.id, body: 'x' })).code).toBe(40400);
    expect((await t.get(op, FORUM_API.thread, { id: foreign.id })).code).toBe(40400);
    expect((await list()).some((r) => r.id === foreign.id)).toBe(false);
    expect((await t.post(op, FORUM_API.reply, { id: foreign.id, body: 'a\u0000b' })).code).toBe(40000);
    expect((await t.post(op, FORUM_API.reply, { id: foreign.id, body: 'x'.repeat(FORUM_RULES.replyMax + 1) })).code).toBe(40000);
    expect((await t.post(op, FORUM_API.hide, { id: foreign.id })).code).toBe(40000);
    for (const [url, body] of [[FORUM_API.hide, { id: foreign.id, hidden: true }], [FORUM_API.pin, { id: foreign.id, pinned: true }], [FORUM_API.reply, { id: foreign.id, body: 'x' }]] as const) {
      expect((await t.post(collector, url, body)).code, url).toBe(40300);
    }
    expect((await t.get(collector, FORUM_API.list, {})).code).toBe(40300);
    const [after] = await t.db.select().from(forumPost).where(eq(forumPost.id, foreign.id));
    expect(after).toMatchObject({ hidden: false, pinned: false, replyCount: 0 });
    expect((await t.db.select({ n: count() }).from(forumReply))[0].n).toBe(replies);
    expect((await t.post(admin, FORUM_API.hide, { id: foreign.id, hidden: true })).code).toBe(20000);
    const th = await t.get(admin, FORUM_API.thread, { id: foreign.id });
    expect(th.data.post).toMatchObject({ id: foreign.id, hidden: true });
  });
});
