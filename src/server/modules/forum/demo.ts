import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { merchant } from '../merchant/merchant.table';
import { forumPost, forumReply, forumReport } from './forum.table';

/**
 * Demo forum, once (kept when any post exists), for the first merchant's first customers: six posts over the last days —
 * one pinned, one reported twice, one reported once and hidden, one with a staff reply and a borrower's answer.
 * Nothing when the merchant has no customers yet (a seed without business data).
 */
export async function seedForumDemo(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(forumPost);
  if (n > 0) return;
  const [m] = await db.select({ id: merchant.id }).from(merchant).orderBy(asc(merchant.id)).limit(1);
  if (!m) return;
  const people = await db.select({ id: customer.id }).from(customer).where(eq(customer.merchantId, m.id)).orderBy(asc(customer.id)).limit(6);
  if (people.length < 3) return;
  const [staff] = await db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'merchant')).limit(1);
  const ago = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const who = (i: number) => people[i % people.length].id;
  const posts = await db.insert(forumPost).values([
    { merchantId: m.id, customerId: who(0), title: 'How I raised my limit', body: 'Repaid three loans on time and my limit went up twice. Be patient!', pinned: true, createdAt: ago(120), lastActivityAt: ago(20) },
    { merchantId: m.id, customerId: who(1), title: 'Fast approval?', body: 'Applied this morning, approved before lunch. Anyone else?', createdAt: ago(48), lastActivityAt: ago(48) },
    { merchantId: m.id, customerId: who(2), title: 'Cheap loans here!!!', body: 'Message me on another app for a better rate, no checks.', reportCount: 2, createdAt: ago(30), lastActivityAt: ago(30) },
    { merchantId: m.id, customerId: who(3), title: 'Repayment by QR', body: 'Is the QR code repayment instant or does it take a day?', replyCount: 2, createdAt: ago(26), lastActivityAt: ago(5) },
    { merchantId: m.id, customerId: who(4), title: 'Rude words', body: 'This post was hidden by the moderators.', reportCount: 1, hidden: true, hiddenBy: staff?.id ?? null, hiddenAt: ago(10), createdAt: ago(12), lastActivityAt: ago(12) },
    { merchantId: m.id, customerId: who(5), title: 'Extension question', body: 'Can I extend twice in a row?', createdAt: ago(3), lastActivityAt: ago(3) },
  ]).returning({ id: forumPost.id });
  await db.insert(forumReply).values([
    { postId: posts[3].id, author: 'staff', accountId: staff?.id ?? null, body: 'QR repayments are usually confirmed within a few minutes.', createdAt: ago(20) },
    { postId: posts[3].id, author: 'customer', customerId: who(1), body: 'Mine took two minutes.', createdAt: ago(5) },
  ]);
  await db.insert(forumReport).values([
    { postId: posts[2].id, customerId: who(0), reason: 'spam', createdAt: ago(29) },
    { postId: posts[2].id, customerId: who(1), reason: 'fraud', createdAt: ago(28) },
    { postId: posts[4].id, customerId: who(0), reason: 'abuse', createdAt: ago(11) },
  ]);
}
