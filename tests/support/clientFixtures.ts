import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/modules/auth/auth.routes';
import { bank, bankCard, customer, customerLabel, customerLabelLink, customerLoginCode } from '../../src/server/modules/client/client.table';
import { adminAccount, role } from '../../src/server/modules/empower/empower.table';
import { channel } from '../../src/server/modules/merchant/channel.table';
import { merchant } from '../../src/server/modules/merchant/merchant.table';
import { product } from '../../src/server/modules/merchant/product.table';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { DEMO_PASSWORD } from './testApp';

/**
 * A small, known world for the customer and order list tests, added beside whatever the demo seed loaded: two
 * merchants of a test market `zz` (A in VND, B in USD), a channel and a product each, customers, cards, login codes,
 * labels and orders, and three accounts:
 * - `clscoped`: customer and order pages, merchant A only;
 * - `clprivate`: the same pages, merchants A and B, privacy protection;
 * - `clviewer`: the customer list only (no label actions).
 */
export interface ClientWorld {
  merchantA: number;
  merchantB: number;
  channelA: number;
  productA: number;
  productB: number;
  customers: Record<string, { id: number; phone: string; idNumber: string; code: string; name: string; merchantId: number }>;
  orders: Record<string, number>;
  labels: Record<string, number>;
  cards: Record<string, number>;
}

const T0 = Date.parse('2026-03-10T08:00:00Z');
const at = (days: number, hours = 0) => new Date(T0 + days * 86_400_000 + hours * 3_600_000);

export async function createClientWorld(db: Db, tag = 'T'): Promise<ClientWorld> {
  const [a] = await db.insert(merchant).values({ code: `${tag}ZA`, name: `${tag} Alpha Lending`, currency: 'VND', market: 'zz' as never }).returning();
  const [b] = await db.insert(merchant).values({ code: `${tag}ZB`, name: `${tag} Beta Cash`, currency: 'USD', market: 'zz' as never }).returning();
  const [ch] = await db.insert(channel).values({ merchantId: a.id, code: `${tag}ZA-FB`, name: `${tag} Facebook A` }).returning();
  const [pa] = await db.insert(product).values({ merchantId: a.id, name: `${tag} Quick 14` }).returning();
  const [pb] = await db.insert(product).values({ merchantId: b.id, name: `${tag} Cash 30` }).returning();

  const pwd = await hashPassword(DEMO_PASSWORD);
  const [ops] = await db.insert(role).values({ name: 'Customer ops', identifier: `${tag.toLowerCase()}_client_ops`, nodeKeys: ['client', 'review_allOrder'] }).returning();
  const [viewer] = await db.insert(role).values({ name: 'Customer viewer', identifier: `${tag.toLowerCase()}_client_view`, nodeKeys: ['client_clientUser'] }).returning();
  const account = (login: string, roleId: number, merchantIds: number[], privacy: boolean, phone: string) => ({
    account: login, nickname: login, name: login, phone, passwordHash: pwd, roleId, merchantIds, privacyProtection: privacy,
    googleSkipUntil: new Date(Date.now() + 7 * 86_400_000),
  });
  await db.insert(adminAccount).values([
    account('clscoped', ops.id, [a.id], false, '0811000001'),
    account('clprivate', ops.id, [a.id, b.id], true, '0811000002'),
    account('clviewer', viewer.id, [a.id, b.id], false, '0811000003'),
  ]);

  const people = [
    // key, merchant, name, phone, id number, flags
    { key: 'an', m: a.id, name: 'Zed Annabel', phone: '09990000011', idNumber: '079201000011', market: 'zz', days: 0, black: false, white: true, login: true, review: 'done', result: 'approved', level: 2 },
    { key: 'bo', m: a.id, name: 'Zed Borislav', phone: '09990000022', idNumber: '079201000022', market: 'zz', days: 1, black: true, white: false, login: false, review: 'pending', result: '', level: 0 },
    { key: 'cy', m: a.id, name: 'zed cyrille', phone: '09990000033', idNumber: 'B1234567', market: 'th', days: 2, black: false, white: false, login: true, review: '', result: '', level: 1 },
    { key: 'di', m: b.id, name: 'Zed Dimitra', phone: '09990000044', idNumber: '079201000044', market: 'zz', days: 3, black: false, white: false, login: true, review: 'done', result: 'rejected', level: 1 },
  ] as const;
  const customers: ClientWorld['customers'] = {};
  for (const p of people) {
    const code = `ZZ${String(90000000 + p.days)}`;
    const [c] = await db.insert(customer).values({
      code: `${code}${tag}`.slice(0, 24), merchantId: p.m, channelId: p.m === a.id ? ch.id : null, market: p.market, name: p.name, phone: p.phone,
      idNumber: p.idNumber, gender: '1', blacklisted: p.black, blacklistLevel: p.black ? 2 : 0, whitelisted: p.white, loginAllowed: p.login,
      machineReviewStatus: p.review, machineReviewResult: p.result, machineReviewAt: p.review === 'done' ? at(p.days, 1) : null, userLevel: p.level,
      referenceLimitMinor: p.m === b.id ? 50_000 : 3_000_000, createdAt: at(p.days), updatedAt: at(p.days),
    }).returning();
    customers[p.key] = { id: c.id, phone: c.phone, idNumber: c.idNumber, code: c.code, name: c.name, merchantId: c.merchantId };
  }

  const labelRows = await db.insert(customerLabel).values([
    { labelName: `${tag} Zeta gold`, markColor: '#f08c00' },
    { labelName: `${tag} Zeta watch`, markColor: '#e03131' },
  ]).returning();
  const labels = { gold: labelRows[0].id, watch: labelRows[1].id };
  await db.insert(customerLabelLink).values([
    { customerId: customers.an.id, labelId: labels.gold },
    { customerId: customers.an.id, labelId: labels.watch },
    { customerId: customers.bo.id, labelId: labels.watch },
  ]);

  // Banks of the test market: ZB1 issues 999101…, ZB2 issues 999202… and (a longer, more specific prefix) 9991019….
  await db.insert(bank).values([
    { market: 'zz', code: 'ZB1', name: 'Zed Bank One', bins: ['999101'] },
    { market: 'zz', code: 'ZB2', name: 'Zed Bank Two', bins: ['999202', '9991019'] },
  ]);
  const cardRows = await db.insert(bankCard).values([
    { customerId: customers.an.id, merchantId: a.id, bankName: 'Zed Bank One', bankCode: 'ZB1', cardNumber: '9991010000000011', cardholder: 'ZED ANNABEL', status: 'bound', isDefault: true, createdAt: at(0, 2) },
    { customerId: customers.bo.id, merchantId: a.id, bankName: 'Zed Bank One', bankCode: 'ZB1', cardNumber: '9992020000000022', cardholder: 'ZED BORISLAV', status: 'pending', createdAt: at(1, 2) },
    { customerId: customers.bo.id, merchantId: a.id, bankName: 'Zed Bank One', bankCode: 'ZB1', cardNumber: '9991019000000033', cardholder: 'ZED BORISLAV', status: 'bound', createdAt: at(1, 3) },
    { customerId: customers.di.id, merchantId: b.id, bankName: 'Zed Bank Two', bankCode: 'ZB2', cardNumber: '1234560000000044', cardholder: 'ZED DIMITRA', status: 'bound', createdAt: at(3, 2) },
  ]).returning();
  const cards = { anMatched: cardRows[0].id, boMismatch: cardRows[1].id, boLongest: cardRows[2].id, diUnknown: cardRows[3].id };

  await db.insert(customerLoginCode).values([
    { merchantId: a.id, customerId: customers.an.id, phone: customers.an.phone, code: '482913', purpose: 'login', ip: '10.0.0.1', sentAt: at(0, 5), usedAt: at(0, 5.02) },
    { merchantId: a.id, customerId: null, phone: '09990000099', code: '100200', purpose: 'register', ip: '10.0.0.2', sentAt: at(1, 5) },
    { merchantId: b.id, customerId: customers.di.id, phone: customers.di.phone, code: '555111', purpose: 'reset_password', ip: '10.0.0.3', sentAt: at(3, 5) },
  ]);

  const order = (no: string, c: keyof typeof customers, status: string, o: Partial<typeof loanOrder.$inferInsert> = {}) => {
    const cust = customers[c];
    const isB = cust.merchantId === b.id;
    return {
      orderNo: `${tag}${no}`, merchantId: cust.merchantId, customerId: cust.id, channelId: isB ? null : ch.id, productId: isB ? pb.id : pa.id,
      productName: isB ? pb.name : pa.name, currency: isB ? 'USD' : 'VND', status, ...o,
    };
  };
  const orderRows = await db.insert(loanOrder).values([
    order('-0001', 'an', 'settled', { loanAmountMinor: 2_000_000, applicationAmountMinor: 2_000_000, remainingDebtMinor: 0, loanAt: at(0, 3), dueDate: '2026-03-24', settled: true, createdAt: at(0, 1) }),
    order('-0002', 'an', 'repaying', { loanAmountMinor: 3_000_000, applicationAmountMinor: 3_000_000, remainingDebtMinor: 3_300_000, loanAt: at(20, 3), dueDate: '2026-04-13', isReturning: true, createdAt: at(20, 1) }),
    order('-0003', 'bo', 'first_review', { loanAmountMinor: 1_500_000, applicationAmountMinor: 1_500_000, createdAt: at(1, 4) }),
    order('-0004', 'bo', 'overdue', { loanAmountMinor: 1_000_000, applicationAmountMinor: 1_000_000, remainingDebtMinor: 1_250_000, loanAt: at(2, 3), dueDate: '2026-03-19', overdueDays: 5, externalOrderNo: `${tag}-EXT-0004`, createdAt: at(2, 1) }),
    order('-0005', 'cy', 'closed', { loanAmountMinor: 500_000, applicationAmountMinor: 500_000, createdAt: at(2, 6) }),
    order('-0006', 'di', 'repaying', { loanAmountMinor: 1250, applicationAmountMinor: 1500, remainingDebtMinor: 1400, loanAt: at(3, 3), dueDate: '2026-03-27', createdAt: at(3, 1) }),
    order('-0007', 'di', 'extended', { loanAmountMinor: 9999, applicationAmountMinor: 9999, remainingDebtMinor: 5000, loanAt: at(4, 3), dueDate: '2026-04-20', isReturning: true, createdAt: at(4, 1) }),
  ]).returning();
  const orders = Object.fromEntries(orderRows.map((o) => [o.orderNo.slice(tag.length), o.id]));

  return { merchantA: a.id, merchantB: b.id, channelA: ch.id, productA: pa.id, productB: pb.id, customers, orders, labels, cards };
}

/** Sets an account's privacy protection (tests of masking). */
export async function setPrivacy(db: Db, login: string, on: boolean): Promise<void> {
  await db.update(adminAccount).set({ privacyProtection: on }).where(eq(adminAccount.account, login));
}
