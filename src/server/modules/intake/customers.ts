import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { runRegistrationHooks } from './hooks';
import { CODE } from '../../../schemas/common';
import type { AppBindCardBody, AppCard, AppCustomer, AppRegisterBody } from '../../../schemas/intake';
import { MARKET_TIME_ZONE, type Market } from '../../../schemas/merchant';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { MARKET_DATA, luhnValid } from '../../seed/markets';
import { bank, bankCard, customer, customerDevice } from '../client/client.table';
import { dateIn } from '../lifecycle/clock';
import { loanOrder } from '../order/order.table';
import { scopeIds, type IntakeCaller, type MerchantRow } from './auth';
import { normaliseIdNumber, normalisePhone, validIdNumber, validPhone } from './identity';
import { rowsOf } from '../../db/rows';
import { resolveChannelCode } from '../channel/virtual';

export type CustomerRow = typeof customer.$inferSelect;

/** 40000 naming the field, worded like the other validation messages. */
export function invalid(path: string, messageId: string, values: Record<string, string | number> = {}): AppError {
  return new AppError(CODE.VALIDATION, messageId, values, 200, [{ path, id: messageId, values }]);
}

/** 40300 (or another code) with the reason as an issue, so that programs (the simulator) can count reasons. */
export function refusal(code: number, messageId: string, values: Record<string, string | number> = {}, path = 'customer'): AppError {
  return new AppError(code, messageId, values, 200, [{ path, id: messageId, values }]);
}

export function marketOf(m: MerchantRow): Market {
  return (m.market in MARKET_DATA ? m.market : 'vn') as Market;
}

export const timeZoneOf = (m: MerchantRow) => MARKET_TIME_ZONE[marketOf(m)];

/** The phone in the market's local format, or a 40000 on `phone`. */
export function checkedPhone(m: MerchantRow, raw: string): string {
  const phone = normalisePhone(raw);
  if (!validPhone(marketOf(m), phone)) throw invalid('phone', 'intake.badPhone');
  return phone;
}

/**
 * Customers may use the app unless they are not allowed to log in, or are blacklisted (any level: the watch level
 * too, the blacklist screens decide who is on it). Reading order status stays open to blacklisted customers:
 * they may still owe money.
 */
export function assertMayUse(c: Pick<CustomerRow, 'loginAllowed' | 'blacklisted'>, opts: { allowBlacklisted?: boolean } = {}): void {
  if (!c.loginAllowed) throw refusal(CODE.FORBIDDEN, 'intake.loginDisallowed');
  if (c.blacklisted && !opts.allowBlacklisted) throw refusal(CODE.FORBIDDEN, 'intake.blacklisted');
}

/** The customer of a merchant with this phone (spec §5: phones are not duplicated within a merchant). */
export async function customerByPhone(db: DbOrTx, merchantId: number, phone: string): Promise<CustomerRow | undefined> {
  const [c] = await db.select().from(customer).where(and(eq(customer.merchantId, merchantId), eq(customer.phone, phone))).orderBy(asc(customer.id)).limit(1);
  return c;
}

/** The caller's own customer with this phone, or 40400 "register first". */
export async function homeCustomer(db: DbOrTx, caller: IntakeCaller, phone: string): Promise<CustomerRow> {
  const c = await customerByPhone(db, caller.merchant.id, phone);
  if (!c) throw refusal(CODE.NOT_FOUND, 'intake.customerUnknown', {}, 'phone');
  return c;
}

/** Every customer record of a person (same phone or same ID number) within merchants `ids`. */
export async function personRecords(db: DbOrTx, ids: readonly number[], phone: string, idNumber: string): Promise<CustomerRow[]> {
  if (!ids.length) return [];
  return db.select().from(customer).where(and(
    inArray(customer.merchantId, [...ids]),
    idNumber ? or(eq(customer.phone, phone), eq(customer.idNumber, idNumber)) : eq(customer.phone, phone),
  ));
}

/** A returning customer has a settled loan before (loan_count, or a settled order of any of its records). */
export async function isReturning(db: DbOrTx, records: readonly CustomerRow[]): Promise<boolean> {
  if (records.some((r) => r.loanCount > 0)) return true;
  if (!records.length) return false;
  const [row] = await db.select({ id: loanOrder.id }).from(loanOrder)
    .where(and(inArray(loanOrder.customerId, records.map((r) => r.id)), eq(loanOrder.status, 'settled'))).limit(1);
  return !!row;
}

/** Serialises writes about one person (two registrations or applications racing past the checks). */
export async function lockPerson(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`intake:${key}`}))`);
}

async function nextId(tx: DbOrTx, table: string): Promise<number> {
  const res = await tx.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`);
  const rows = rowsOf<{ id: string | number }>(res);
  return Number(rows[0].id);
}

/** Inserts a customer record with the seed's code format (market + 8 digits of the id). */
export async function insertCustomer(tx: DbOrTx, values: Omit<typeof customer.$inferInsert, 'id' | 'code'>): Promise<CustomerRow> {
  const id = await nextId(tx, 'customer');
  const [row] = await tx.insert(customer).values({ ...values, id, code: `${values.market.toUpperCase()}${String(id).padStart(8, '0')}` }).returning();
  return row;
}

export async function nextOrderId(tx: DbOrTx): Promise<number> {
  return nextId(tx, 'loan_order');
}

/** Copy of a person's record at another merchant of the family (a platform application given to it). */
export async function recordAt(tx: DbOrTx, home: CustomerRow, target: MerchantRow, now: Date): Promise<CustomerRow> {
  if (home.merchantId === target.id) return home;
  const existing = await customerByPhone(tx, target.id, home.phone);
  if (existing) return existing;
  const { id: _id, code: _code, merchantId: _m, createdAt: _c, updatedAt: _u, ...identity } = home;
  // Identity and documents travel with the person; what a merchant learnt about its own customer does not.
  const copy = await insertCustomer(tx, {
    ...identity, merchantId: target.id, market: marketOf(target), loanCount: 0, machineReviewAt: null, machineReviewResult: '',
    machineReviewStatus: '', referenceLimitMinor: 0, exclusiveProductId: null, exclusiveLimitMinor: 0, marketingStatus: '', rotation: false,
    createdAt: now, updatedAt: now,
  });
  const cards = await tx.select().from(bankCard).where(eq(bankCard.customerId, home.id));
  for (const c of cards) {
    await tx.insert(bankCard).values({
      customerId: copy.id, merchantId: target.id, bankName: c.bankName, bankCode: c.bankCode, cardNumber: c.cardNumber,
      cardholder: c.cardholder, status: c.status, isDefault: c.isDefault, createdAt: now, updatedAt: now,
    });
  }
  return copy;
}

function checkedBirthDate(m: MerchantRow, birth: string, now: Date): string {
  const today = dateIn(now, timeZoneOf(m));
  if (birth > today || birth < '1900-01-01') throw invalid('birth_date', 'intake.badBirthDate');
  return birth;
}

/** The customer columns a registration's profile fills (only the fields the app sent: a re-registration updates them). */
function profileColumns(p: AppRegisterBody['profile']): Partial<typeof customer.$inferInsert> {
  if (!p) return {};
  const out: Partial<typeof customer.$inferInsert> = {
    maritalStatus: p.marital_status, education: p.education, incomeLevel: p.income_level, childrenCount: p.children_count,
    residenceMonths: p.residence_months, companyName: p.company_name, occupation: p.occupation, livenessScore: p.liveness_score,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * Registers the borrower with the key's merchant, or finds them (phone unique per merchant). A known phone with
 * another ID number, or a known ID number with another phone, is refused: one person, one record per merchant.
 * A person blacklisted at any merchant of the family cannot register again elsewhere in it.
 */
export async function registerCustomer(deps: Deps, caller: IntakeCaller, body: AppRegisterBody, ip: string): Promise<AppCustomer> {
  const m = caller.merchant;
  const market = marketOf(m);
  const now = deps.clock.now();
  const phone = checkedPhone(m, body.phone);
  const birthDate = checkedBirthDate(m, body.birth_date, now);
  const idNumber = normaliseIdNumber(market, body.id_number);
  if (!validIdNumber(market, idNumber)) throw invalid('id_number', 'intake.badIdNumber');
  if (!validIdNumber(market, idNumber, birthDate)) throw invalid('birth_date', 'intake.badBirthDate');
  let channelId: number | null = null;
  if (body.channel_code) {
    // A virtual channel's code stands for the channel it routes to.
    const ch = await resolveChannelCode(deps.db, scopeIds(caller), body.channel_code);
    if (!ch) throw invalid('channel_code', 'intake.channelUnknown');
    channelId = ch.channelId;
  }

  return deps.db.transaction(async (tx) => {
    await lockPerson(tx, `${m.id}:${phone}`);
    await lockPerson(tx, `${m.id}:id:${idNumber}`);
    const person = await personRecords(tx, caller.familyIds, phone, idNumber);
    for (const r of person) assertMayUse(r);
    let c = person.find((r) => r.merchantId === m.id && r.phone === phone);
    const sameId = person.find((r) => r.merchantId === m.id && r.idNumber === idNumber && r.phone !== phone);
    if (c && c.idNumber && c.idNumber !== idNumber) throw refusal(CODE.CONFLICT, 'intake.phoneTaken', {}, 'phone');
    if (sameId) throw refusal(CODE.CONFLICT, 'intake.idTaken', {}, 'id_number');
    const isNew = !c;
    if (!c) {
      c = await insertCustomer(tx, {
        merchantId: m.id, channelId, market, name: body.name, phone, idNumber, birthDate, gender: body.gender ?? '',
        registrationSource: body.source, registrationMethod: 'sms_code',
        registeredDevice: [body.device?.brand, body.device?.model].filter(Boolean).join(' ').slice(0, 100),
        appActiveAt: now, createdAt: now, updatedAt: now, ...profileColumns(body.profile),
      });
    } else {
      // A record created by staff or an import may lack the identity the app now proves.
      const [u] = await tx.update(customer).set({
        idNumber: c.idNumber || idNumber, birthDate: c.birthDate ?? birthDate, gender: c.gender || body.gender || '', appActiveAt: now, updatedAt: now,
        ...profileColumns(body.profile),
      }).where(eq(customer.id, c.id)).returning();
      c = u;
    }
    const [seen] = await tx.select({ id: customerDevice.id }).from(customerDevice)
      .where(and(eq(customerDevice.customerId, c.id), eq(customerDevice.deviceId, body.device_id))).limit(1);
    if (!seen) {
      await tx.insert(customerDevice).values({
        customerId: c.id, deviceId: body.device_id, brand: body.device?.brand ?? '', model: body.device?.model ?? '', os: body.device?.os ?? '',
        osVersion: body.device?.os_version ?? '', appVersion: body.device?.app_version ?? '', ip: ip.slice(0, 64), capturedAt: now,
      });
    }
    await runRegistrationHooks(tx, { customerId: c.id, merchantId: m.id, phone, idNumber, channelId: c.channelId ?? channelId, isNew, at: now });
    return { customer_id: c.id, customer_code: c.code, merchant_code: m.code, is_new: isNew, is_returning: await isReturning(tx, person) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Bank cards

interface BankChoice {
  code: string;
  name: string;
  bins: readonly string[];
  length: number | null;
}

/** The market's bank by code: the bank table (system screen) first, else the built-in list of the market. */
async function bankOf(db: DbOrTx, market: Market, code: string): Promise<BankChoice | null> {
  const upper = code.toUpperCase();
  const builtIn = MARKET_DATA[market].banks.find((b) => b.code === upper);
  const [row] = await db.select().from(bank).where(and(eq(bank.market, market), eq(bank.code, upper))).limit(1);
  if (row) return row.enabled ? { code: row.code, name: row.name, bins: row.bins, length: builtIn?.length ?? null } : null;
  return builtIn ? { code: builtIn.code, name: builtIn.name, bins: builtIn.bins, length: builtIn.length } : null;
}

const sameName = (a: string, b: string) => a.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase() === b.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** Orders that have not paid out yet: a new default card becomes theirs. */
const OPEN_BEFORE_PAYOUT = ['pending_review', 'machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'suspended', 'withdrawal', 'reloan'];

/**
 * Binds a bank card to the borrower (status bound): a card of one of the market's banks, with its prefix, length
 * and Luhn digit, held in the customer's own name. Binding the same card again is harmless. With a platform key
 * the card goes to each of the person's records in the family, since any of them may be given the next loan.
 */
export async function bindCard(deps: Deps, caller: IntakeCaller, body: AppBindCardBody): Promise<AppCard> {
  const m = caller.merchant;
  const market = marketOf(m);
  const phone = checkedPhone(m, body.phone);
  const home = await homeCustomer(deps.db, caller, phone);
  assertMayUse(home);
  const b = await bankOf(deps.db, market, body.bank_code);
  if (!b) throw invalid('bank_code', 'intake.bankUnknown');
  const number = body.card_number;
  if (!luhnValid(number) || (b.length !== null && number.length !== b.length) || (b.bins.length > 0 && !b.bins.some((p) => number.startsWith(p)))) {
    throw invalid('card_number', 'intake.cardInvalid');
  }
  if (!sameName(body.cardholder, home.name)) throw invalid('cardholder', 'intake.cardholderMismatch');
  const now = deps.clock.now();
  const ids = scopeIds(caller);

  return deps.db.transaction(async (tx) => {
    await lockPerson(tx, `card:${number}`);
    const records = (await tx.select().from(customer).where(and(inArray(customer.merchantId, ids), eq(customer.phone, phone))));
    const [taken] = await tx.select({ id: bankCard.id }).from(bankCard)
      .innerJoin(customer, eq(customer.id, bankCard.customerId))
      .where(and(eq(bankCard.cardNumber, number), inArray(bankCard.merchantId, ids), ne(customer.phone, phone))).limit(1);
    if (taken) throw refusal(CODE.CONFLICT, 'intake.cardTaken', {}, 'card_number');
    let homeCard: typeof bankCard.$inferSelect | null = null;
    for (const r of records) {
      const [had] = await tx.select().from(bankCard).where(and(eq(bankCard.customerId, r.id), eq(bankCard.cardNumber, number))).limit(1);
      if (body.make_default) await tx.update(bankCard).set({ isDefault: false, updatedAt: now }).where(and(eq(bankCard.customerId, r.id), eq(bankCard.isDefault, true)));
      const values = { bankName: b.name, bankCode: b.code, cardholder: home.name, status: 'bound', updatedAt: now };
      const [card] = had
        ? await tx.update(bankCard).set({ ...values, isDefault: body.make_default || had.isDefault }).where(eq(bankCard.id, had.id)).returning()
        : await tx.insert(bankCard).values({ ...values, customerId: r.id, merchantId: r.merchantId, cardNumber: number, isDefault: body.make_default, createdAt: now }).returning();
      if (card.isDefault) {
        await tx.update(loanOrder).set({ bankCardId: card.id, updatedAt: sql`now()` })
          .where(and(eq(loanOrder.customerId, r.id), inArray(loanOrder.status, OPEN_BEFORE_PAYOUT)));
      }
      if (r.id === home.id) homeCard = card;
    }
    const card = homeCard!;
    return { card_id: card.id, bank_code: card.bankCode, bank_name: card.bankName, card_last4: card.cardNumber.slice(-4), is_default: card.isDefault };
  });
}

/** The bound default card of a customer (else its latest bound card); null when none. */
export async function payoutCard(db: DbOrTx, customerId: number): Promise<number | null> {
  const rows = await db.select({ id: bankCard.id, isDefault: bankCard.isDefault }).from(bankCard)
    .where(and(eq(bankCard.customerId, customerId), eq(bankCard.status, 'bound')))
    .orderBy(asc(bankCard.id));
  if (!rows.length) return null;
  return (rows.find((r) => r.isDefault) ?? rows[rows.length - 1]).id;
}
