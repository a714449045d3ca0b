import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { REPORT_CAP, type MultiLenderView, type RiskReportRefresh, type RiskReportView } from '../../../schemas/customer';
import { MARKETS, type Market } from '../../../schemas/merchant';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { riskProvider } from '../blacklist/risk';
import type { MultiLenderReport, RiskReport, RiskSubject } from '../blacklist/risk/types';
import { adminAccount } from '../empower/empower.table';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { bankCard, customer, customerDevice } from './client.table';
import { findCustomer } from './customer.service';
import { customerRiskReport } from './riskReport.table';

/**
 * The customer detail's provider reports (docs/customer-detail.md): the risk report and the multi-lender report are
 * fetched from the risk provider (blacklist/risk: the sandbox unless a deployment sets another) and kept with the time
 * they were fetched; the detail shows the newest first. `refreshReports` fetches both again (the `riskReport` action).
 */

type Row = typeof customerRiskReport.$inferSelect;
type Customer = typeof customer.$inferSelect;

const marketOf = (m: string): Market => ((MARKETS as readonly string[]).includes(m) ? m : 'vn') as Market;

async function subjectOf(db: DbOrTx, c: Pick<Customer, 'id' | 'merchantId' | 'phone' | 'idNumber'>): Promise<RiskSubject> {
  const [[m], devices, cards] = await Promise.all([
    db.select({ market: merchant.market }).from(merchant).where(eq(merchant.id, c.merchantId)),
    db.select({ v: customerDevice.deviceId }).from(customerDevice).where(eq(customerDevice.customerId, c.id)).limit(50),
    db.select({ v: bankCard.cardNumber }).from(bankCard).where(eq(bankCard.customerId, c.id)).limit(50),
  ]);
  return {
    merchantId: c.merchantId, market: marketOf(m?.market ?? 'vn'), phone: c.phone, idNumber: c.idNumber,
    deviceIds: devices.map((d) => d.v).filter(Boolean), cardNumbers: cards.map((k) => k.v),
  };
}

function riskView(r: Row, names: Map<number, string>): RiskReportView {
  const b = r.body as RiskReport;
  return {
    id: r.id, provider: r.provider, score: r.score, grade: r.grade, flags: b.flags ?? [], ref: b.ref ?? '', fetched_at: r.fetchedAt.toISOString(),
    fetched_by: r.accountId ? names.get(r.accountId) ?? `#${r.accountId}` : null,
  };
}

function multiView(r: Row, names: Map<number, string>): MultiLenderView {
  const b = r.body as MultiLenderReport;
  return {
    id: r.id, provider: r.provider, lenders: b.lenders ?? 0, applications_30d: b.applications_30d ?? 0, loans: b.loans ?? [],
    outstanding_minor: b.outstanding_minor ?? 0, max_overdue_days: b.max_overdue_days ?? 0, currency: b.currency ?? '', ref: b.ref ?? '',
    fetched_at: r.fetchedAt.toISOString(), fetched_by: r.accountId ? names.get(r.accountId) ?? `#${r.accountId}` : null,
  };
}

/** The customer's stored reports of each kind, newest first (REPORT_CAP each). */
export async function storedReports(db: DbOrTx, customerId: number): Promise<RiskReportRefresh> {
  const read = (kind: string) => db.select().from(customerRiskReport)
    .where(and(eq(customerRiskReport.customerId, customerId), eq(customerRiskReport.kind, kind)))
    .orderBy(desc(customerRiskReport.fetchedAt), desc(customerRiskReport.id)).limit(REPORT_CAP);
  const [risk, multi] = await Promise.all([read('risk'), read('multi_lender')]);
  const ids = [...new Set([...risk, ...multi].map((r) => r.accountId).filter((x): x is number => x != null))];
  const names = new Map((ids.length ? await db.select({ id: adminAccount.id, name: adminAccount.name }).from(adminAccount).where(inArray(adminAccount.id, ids)) : [])
    .map((a) => [a.id, a.name]));
  return { risk_report: risk.map((r) => riskView(r, names)), multi_lender: multi.map((r) => multiView(r, names)) };
}

/** Asks the provider for both reports of one customer and stores them (one transaction, with the operation-log row). */
async function fetchAndStore(db: Db, c: Customer, accountId: number | null, now: Date, req?: FastifyRequest): Promise<void> {
  const p = riskProvider();
  const subject = await subjectOf(db, c);
  const [risk, multi] = await Promise.all([p.report(subject, now), p.multiLender(subject, now)]);
  await db.transaction(async (tx) => {
    await tx.insert(customerRiskReport).values([
      { customerId: c.id, merchantId: c.merchantId, kind: 'risk', provider: p.name, score: risk.score, grade: risk.grade, body: risk, accountId, fetchedAt: now },
      { customerId: c.id, merchantId: c.merchantId, kind: 'multi_lender', provider: p.name, score: null, grade: '', body: multi, accountId, fetchedAt: now },
    ]);
    if (req) {
      await writeOpLog(tx, req, {
        action: 'customer.riskReport', targetType: 'customer', targetId: c.id,
        after: { provider: p.name, score: risk.score, grade: risk.grade, flags: risk.flags, lenders: multi.lenders, outstanding_minor: multi.outstanding_minor },
      });
    }
  });
}

/** The refresh action: a customer of the actor's merchants (40400 otherwise), both reports fetched again. */
export async function refreshReports(db: Db, actor: Actor, req: FastifyRequest, customerId: number, now: Date): Promise<RiskReportRefresh> {
  const c = await findCustomer(db, actor, customerId);
  await fetchAndStore(db, c, actor.accountId, now, req);
  return storedReports(db, c.id);
}

/** Demo: reports for the first customers of each merchant, fetched by the system, so the sections show something. */
export async function seedRiskReportDemo(db: Db, perMerchant = 20, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: customerRiskReport.id }).from(customerRiskReport).limit(1);
  if (any) return;
  const merchants = await db.select({ id: merchant.id }).from(merchant).orderBy(asc(merchant.id));
  for (const m of merchants) {
    const cs = await db.select().from(customer).where(eq(customer.merchantId, m.id)).orderBy(asc(customer.id)).limit(perMerchant);
    for (const c of cs) await fetchAndStore(db, c, null, now);
  }
}
