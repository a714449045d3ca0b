import { seedOperatingSetup } from './setup';
import { count, eq } from 'drizzle-orm';
import { ROLE_TEMPLATES } from '../../../commands/roles';
import type { Db } from '../db/client';
import { hashPassword } from '../modules/auth/auth.routes';
import { adminAccount, role } from '../modules/empower/empower.table';
import { merchant } from '../modules/merchant/merchant.table';
import { dictItem } from '../modules/system/system.table';
import { seedBusinessData, type SeedBusinessOptions, type SeedResult } from './load';
import { seedLabels } from './dictLabels';

/** Dictionaries the screens read from day one (base labels in English, every language's label from dictLabels.ts). */
const DICTS: Record<string, Array<[string, string, string?]>> = {
  reject_reason: [['1', 'Incomplete documents'], ['2', 'Identity mismatch'], ['3', 'Insufficient income'], ['4', 'Blacklisted contact'], ['5', 'Multi-lender risk']],
  collection_result: [['1', 'Promise to pay', '#2f9e44'], ['2', 'No answer', '#868e96'], ['3', 'Refused to pay', '#e03131'], ['4', 'Wrong number', '#f08c00'], ['5', 'Paid already', '#1971c2']],
  gender: [['1', 'Male'], ['2', 'Female']],
  marital_status: [['1', 'Single'], ['2', 'Married'], ['3', 'Divorced'], ['4', 'Widowed']],
  education: [['1', 'Primary'], ['2', 'Secondary'], ['3', 'College'], ['4', 'Bachelor'], ['5', 'Master or above']],
  relation: [['1', 'Parent'], ['2', 'Spouse'], ['3', 'Sibling'], ['4', 'Friend'], ['5', 'Colleague']],
  religion: [['1', 'None'], ['2', 'Buddhism'], ['3', 'Islam'], ['4', 'Christianity'], ['5', 'Hinduism'], ['6', 'Other']],
  income_level: [['1', 'Low'], ['2', 'Lower middle'], ['3', 'Middle'], ['4', 'Upper middle'], ['5', 'High']],
  company_size: [['1', '1–9 staff'], ['2', '10–49 staff'], ['3', '50–199 staff'], ['4', '200–999 staff'], ['5', '1000+ staff']],
};

/**
 * Size of the demo's business data: enough for every screen to show real rows (all statuses, every market),
 * small enough to load in a couple of seconds on first start. `npm run seed -- --orders N` loads more.
 */
export const DEMO_BUSINESS: SeedBusinessOptions = { orders: 3000, seed: 'demo', richLimit: 400 };

export interface SeedDemoOptions {
  /** Business data to load after the accounts (false: accounts, roles and dictionaries only). */
  business?: false | Partial<SeedBusinessOptions>;
}

export interface DemoAccount {
  account: string;
  role: string;
}

export async function hasAccounts(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(adminAccount);
  return n > 0;
}

/**
 * The demo data set: the demo merchant and its sub-merchant, a role and an account for every role template,
 * dictionaries, then the generated business data (DEMO_BUSINESS: merchants of every market, products, channels,
 * customers, orders). Idempotent by "no accounts yet".
 */
export async function seedDemo(db: Db, password: string, opts: SeedDemoOptions = {}): Promise<DemoAccount[]> {
  if (await hasAccounts(db)) return [];
  const accounts = await seedDemoAccounts(db, password);
  if (opts.business !== false) await seedDemoBusiness(db, opts.business ?? {});
  return accounts;
}

export async function seedDemoBusiness(db: Db, over: Partial<SeedBusinessOptions> = {}): Promise<SeedResult> {
  const result = await seedBusinessData(db, { ...DEMO_BUSINESS, ...over });
  await seedOperatingSetup(db);
  return result;
}

async function seedDemoAccounts(db: Db, password: string): Promise<DemoAccount[]> {
  const pwdHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [main] = await tx.insert(merchant).values({ code: 'M001', name: 'Saigon Credit', currency: 'VND' }).returning();
    const [sub] = await tx.insert(merchant).values({ code: 'M001-01', name: 'Saigon Credit – Hanoi', currency: 'VND', parentId: main.id }).returning();
    const roleIds = new Map<string, number>();
    for (const t of ROLE_TEMPLATES) {
      const [r] = await tx.insert(role).values({
        name: t.name, identifier: t.identifier, isTemplate: true, nodeKeys: t.nodeKeys, parentId: t.parent ? roleIds.get(t.parent) ?? null : null,
      }).returning();
      roleIds.set(t.identifier, r.id);
    }
    const out: DemoAccount[] = [];
    let phone = 900000001;
    for (const t of ROLE_TEMPLATES) {
      const merchantIds = t.identifier === 'sub_merchant' ? [sub.id] : t.identifier === 'admin' ? [] : [main.id, sub.id];
      await tx.insert(adminAccount).values({
        account: t.demoAccount, nickname: t.demoName.split(' ').pop()!, name: t.demoName, phone: `0${phone++}`, passwordHash: pwdHash,
        roleId: roleIds.get(t.identifier)!, merchantIds, organizerId: t.identifier === 'sub_merchant' ? sub.id : main.id,
        // Demo accounts are not prompted to bind an authenticator on first sign-in.
        googleSkipUntil: new Date(Date.now() + 7 * 86_400_000),
      });
      out.push({ account: t.demoAccount, role: t.name });
    }
    for (const [name, items] of Object.entries(DICTS)) {
      await tx.insert(dictItem).values(items.map(([value, label, color], i) => ({
        dictName: name, value, label, labels: seedLabels(name, value), sort: i, elTagColor: (color ? { label: color } : {}) as Record<string, string>,
      })));
    }
    return out;
  });
}

export async function demoAccounts(db: Db): Promise<DemoAccount[]> {
  const rows = await db.select({ account: adminAccount.account, role: role.name }).from(adminAccount).innerJoin(role, eq(role.id, adminAccount.roleId));
  const demo = new Set(ROLE_TEMPLATES.map((t) => t.demoAccount));
  return rows.filter((r) => demo.has(r.account));
}
