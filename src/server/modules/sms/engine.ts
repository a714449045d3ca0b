import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SmsParams, SmsPurpose } from '../../../schemas/sms';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { openSecret } from '../intake/secrets';
import { withdrawalSmsLog } from '../withdrawal/withdrawal.table';
import { pgTextArray, providerOf, type DeliveryReport, type OutMessage, type SendOutcome } from './providers';
import { smsAlert, smsConfig, smsMessage, smsTask, smsTaskRecipient } from './sms.table';

/**
 * The sending engine (docs/sms.md "Sending"). Every message is a row of sms_message first (queued), then handed to a
 * gateway: the configurations of the merchant for the purpose (else the platform's), usable while enabled and above
 * their minimum balance; one is picked by send probability, the others follow in usage order when it refuses. The
 * balance is taken before the hand-over and given back for what was refused; falling to the alarm threshold raises an
 * alert once. Delivery reports (the callback route) set delivered / failed.
 */

export type SmsConfigDb = typeof smsConfig.$inferSelect;

export interface SmsInput {
  merchantId: number;
  purpose: SmsPurpose;
  phone: string;
  content: string;
  /** task | withdrawal | reminder | test */
  source: string;
  /** Unique per source: a second message with the same reference is not recorded (null: always recorded). */
  sourceRef?: string | null;
  taskId?: number | null;
}

/**
 * Records a message to send, inside the caller's transaction (the outbox): it is sent after the commit by
 * `dispatchQueued` (the `sms.dispatch` job, or at once by the caller). Returns the message id, or null when a message
 * with the same source reference exists already.
 */
export async function queueSms(tx: DbOrTx, input: SmsInput): Promise<number | null> {
  const [row] = await tx.insert(smsMessage).values({
    merchantId: input.merchantId, purpose: input.purpose, source: input.source, sourceRef: input.sourceRef ?? null,
    taskId: input.taskId ?? null, phone: input.phone, content: input.content.slice(0, 1000),
  }).onConflictDoNothing().returning({ id: smsMessage.id });
  return row?.id ?? null;
}

/** Records and sends one message now (test messages, callers outside a transaction). */
export async function sendSms(db: Db, input: SmsInput, only?: number): Promise<{ id: number | null; status: string; error: string }> {
  const id = await queueSms(db, input);
  if (id === null) return { id: null, status: 'duplicate', error: '' };
  const res = await sendQueued(db, input.merchantId, input.purpose, [{ id, phone: input.phone, content: input.content }], { only });
  return { id, ...res.get(id)! };
}

/** Configurations a merchant's message of `purpose` may go through, in usage order: its own, else the platform's. */
export async function usableConfigs(db: DbOrTx, merchantId: number, purpose: SmsPurpose): Promise<SmsConfigDb[]> {
  const usable = sql`${smsConfig.enabled} and ${smsConfig.balance} > ${smsConfig.minBalance}`;
  const own = await db.select().from(smsConfig)
    .where(and(eq(smsConfig.merchantId, merchantId), eq(smsConfig.purpose, purpose), usable)).orderBy(asc(smsConfig.sortOrder), asc(smsConfig.id));
  if (own.length) return own;
  return db.select().from(smsConfig)
    .where(and(isNull(smsConfig.merchantId), eq(smsConfig.purpose, purpose), usable)).orderBy(asc(smsConfig.sortOrder), asc(smsConfig.id));
}

/** The first configuration by send probability (weights), then the rest in usage order. */
export function pickOrder<T extends { probability: number }>(configs: T[], rand = Math.random()): T[] {
  const total = configs.reduce((n, c) => n + Math.max(0, c.probability), 0);
  if (!total) return configs;
  let x = rand * total;
  const first = configs.find((c) => (x -= Math.max(0, c.probability)) < 0) ?? configs[configs.length - 1];
  return [first, ...configs.filter((c) => c !== first)];
}

/** Takes up to `n` messages from a configuration's balance (never below its minimum); answers how many it gave. */
async function reserve(db: DbOrTx, cfgId: number, n: number): Promise<{ granted: number; balance: number; alarm: boolean }> {
  const res = await db.execute(sql`with old as (select balance, min_balance from ${smsConfig} where id = ${cfgId} for update)
    update ${smsConfig} c set balance = c.balance - least(${n}::bigint, greatest(old.balance - old.min_balance, 0)), updated_at = now()
    from old where c.id = ${cfgId}
    returning least(${n}::bigint, greatest(old.balance - old.min_balance, 0))::int as granted, c.balance::bigint as balance,
      (c.balance <= c.alarm_threshold and not c.alarm_raised) as alarm`);
  const [r] = rowsOf<{ granted: number; balance: string | number; alarm: boolean }>(res);
  return r ? { granted: Number(r.granted), balance: Number(r.balance), alarm: r.alarm } : { granted: 0, balance: 0, alarm: false };
}

/** Raises the configuration's alarm once (a flag on the row and an sms_alert row) when its balance reached the threshold. */
async function raiseAlarm(db: DbOrTx, cfg: SmsConfigDb, balance: number, at: Date): Promise<void> {
  const [r] = await db.update(smsConfig).set({ alarmRaised: true }).where(and(eq(smsConfig.id, cfg.id), eq(smsConfig.alarmRaised, false))).returning({ id: smsConfig.id });
  if (r) await db.insert(smsAlert).values({ configId: cfg.id, merchantId: cfg.merchantId, balance, threshold: cfg.alarmThreshold, createdAt: at });
}

/** The number as the gateway dials it: the prefix replaces the local trunk '0'. */
export function dialled(prefix: string, phone: string): string {
  if (!prefix) return phone;
  return prefix + (phone.startsWith('0') ? phone.slice(1) : phone);
}

/** The text with the configuration's signature before it. */
export function signed(text: string, content: string): string {
  return text ? `${text}${content}` : content;
}

// ---- throttling: messages per second per configuration, in this process (the sending job runs in one process at a time)
const nextFree = new Map<number, number>();
async function throttle(cfgId: number, rate: number, n: number): Promise<void> {
  const now = Date.now();
  const start = Math.max(now, nextFree.get(cfgId) ?? 0);
  nextFree.set(cfgId, start + (n / Math.max(1, rate)) * 1000);
  if (start > now) await new Promise((r) => setTimeout(r, start - now));
}

const secrets = new WeakMap<object, Map<string, string | null>>();
async function secretOf(db: DbOrTx, cfg: SmsConfigDb): Promise<string | null> {
  if (!cfg.secretSealed) return null;
  let m = secrets.get(db);
  if (!m) secrets.set(db, (m = new Map()));
  if (!m.has(cfg.secretSealed)) m.set(cfg.secretSealed, await openSecret(db, cfg.secretSealed));
  return m.get(cfg.secretSealed) ?? null;
}

export interface QueuedMessage { id: number; phone: string; content: string }

/**
 * Hands queued messages of one merchant and purpose to the gateways (see the top of this file); every message ends
 * `sent` (accepted) or `failed` (no usable configuration, or every one refused it). Answers each message's status.
 * Each message's configuration is recorded before the hand-over, so a resend after a crash goes to the same gateway
 * under the same id (`resendOnly`: only that configuration, without taking its balance again).
 */
export async function sendQueued(db: Db, merchantId: number, purpose: SmsPurpose, msgs: QueuedMessage[], opts: { resendVia?: number; only?: number } = {}):
  Promise<Map<number, { status: string; error: string }>> {
  const result = new Map<number, { status: string; error: string }>();
  if (!msgs.length) return result;
  let configs: SmsConfigDb[];
  const fixed = opts.resendVia ?? opts.only;
  if (fixed !== undefined) configs = await db.select().from(smsConfig).where(eq(smsConfig.id, fixed));
  else configs = pickOrder(await usableConfigs(db, merchantId, purpose));
  let remaining = msgs;
  let lastError = configs.length ? '' : 'no usable SMS configuration';
  for (const cfg of configs) {
    if (!remaining.length) break;
    let granted = remaining.length;
    if (opts.resendVia === undefined) {
      const r = await reserve(db, cfg.id, remaining.length);
      granted = r.granted;
      if (r.alarm) await raiseAlarm(db, cfg, r.balance, new Date());
      if (!granted) continue;
    }
    const chunk = remaining.slice(0, granted);
    const rest = remaining.slice(granted);
    const ids = chunk.map((m) => m.id);
    await db.update(smsMessage).set({ configId: cfg.id, attempts: sql`${smsMessage.attempts} + 1` }).where(inArray(smsMessage.id, ids));
    await throttle(cfg.id, cfg.ratePerSecond, chunk.length);
    const out: OutMessage[] = chunk.map((m) => ({ id: m.id, to: dialled(cfg.numberPrefix, m.phone), content: signed(cfg.text, m.content) }));
    let outcomes: SendOutcome[];
    try {
      outcomes = await providerOf(cfg.provider as 'sandbox' | 'http').send(db, { id: cfg.id, provider: cfg.provider as 'sandbox' | 'http', params: cfg.params as SmsParams, secret: await secretOf(db, cfg) }, out);
    } catch (err) {
      outcomes = chunk.map((m) => ({ id: m.id, accepted: false, error: String((err as Error).message).slice(0, 200) }));
    }
    const byId = new Map(outcomes.map((o) => [o.id, o]));
    const accepted = chunk.filter((m) => byId.get(m.id)?.accepted);
    const refused = chunk.filter((m) => !byId.get(m.id)?.accepted);
    if (refused.length) lastError = byId.get(refused[0].id)?.error ?? 'refused';
    if (refused.length && opts.resendVia === undefined) {
      await db.update(smsConfig).set({ balance: sql`${smsConfig.balance} + ${refused.length}` }).where(eq(smsConfig.id, cfg.id));
    }
    if (accepted.length) {
      const now = new Date();
      await db.execute(sql`update ${smsMessage} m set status = 'sent', provider_ref = v.ref, sent_at = ${now.toISOString()}::timestamptz, error = ''
        from unnest(${pgTextArray(accepted.map((m) => String(m.id)))}::bigint[], ${pgTextArray(accepted.map((m) => byId.get(m.id)?.providerRef ?? ''))}::text[]) as v(id, ref)
        where m.id = v.id and m.status = 'queued'`);
      await markWithdrawalSent(db, accepted.map((m) => m.id));
      if (opts.resendVia === undefined) await db.update(smsConfig).set({ sent: sql`${smsConfig.sent} + ${accepted.length}` }).where(eq(smsConfig.id, cfg.id));
      for (const m of accepted) result.set(m.id, { status: 'sent', error: '' });
    }
    remaining = [...refused, ...rest];
  }
  if (remaining.length && opts.resendVia === undefined) {
    await db.update(smsMessage).set({ status: 'failed', error: lastError.slice(0, 200) })
      .where(and(inArray(smsMessage.id, remaining.map((m) => m.id)), eq(smsMessage.status, 'queued')));
    for (const m of remaining) result.set(m.id, { status: 'failed', error: lastError });
    await settleSources(db, remaining.map((m) => m.id));
  }
  for (const m of remaining) if (!result.has(m.id)) result.set(m.id, { status: 'queued', error: lastError });
  return result;
}

/**
 * Sends what waits in the outbox (messages queued inside other areas' transactions: withdrawal SMS, reminders), oldest
 * first, `limit` at a time. Task messages are the sending job's (it knows their throttle and pause).
 */
export async function dispatchQueued(db: Db, limit = 500): Promise<number> {
  const rows = await db.select({ id: smsMessage.id, merchantId: smsMessage.merchantId, purpose: smsMessage.purpose, phone: smsMessage.phone, content: smsMessage.content, configId: smsMessage.configId })
    .from(smsMessage).where(and(eq(smsMessage.status, 'queued'), isNull(smsMessage.taskId))).orderBy(asc(smsMessage.id)).limit(limit);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    // A message that already went to a gateway (a crash before its answer was recorded) goes to the same one again.
    const k = r.configId ? `via:${r.configId}:${r.merchantId}:${r.purpose}` : `${r.merchantId}:${r.purpose}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  for (const [k, g] of groups) {
    await sendQueued(db, g[0].merchantId, g[0].purpose as SmsPurpose, g, k.startsWith('via:') ? { resendVia: g[0].configId! } : {});
  }
  return rows.length;
}

/**
 * Applies delivery reports of one configuration: a report for a message of another configuration, or one already final,
 * changes nothing (a repeated callback is harmless). Answers how many messages changed.
 */
export async function applyReports(db: Db, configId: number, reports: DeliveryReport[], at: Date): Promise<number> {
  const valid = reports.filter((r) => /^\d{1,18}$/.test(r.ref) && (r.status === 'delivered' || r.status === 'failed'));
  if (!valid.length) return 0;
  const res = await db.execute(sql`update ${smsMessage} m set status = v.status, delivered_at = ${at.toISOString()}::timestamptz,
      error = left(v.err, 200), provider_ref = coalesce(m.provider_ref, nullif(v.pref, ''))
    from unnest(${pgTextArray(valid.map((r) => r.ref))}::bigint[], ${pgTextArray(valid.map((r) => r.status))}::text[],
      ${pgTextArray(valid.map((r) => r.error ?? ''))}::text[], ${pgTextArray(valid.map((r) => r.provider_ref ?? ''))}::text[]) as v(id, status, err, pref)
    where m.id = v.id and m.config_id = ${configId} and m.status in ('queued', 'sent')
    returning m.id`);
  const ids = rowsOf<{ id: string | number }>(res).map((r) => Number(r.id));
  await settleSources(db, ids);
  return ids.length;
}

/**
 * Carries final message statuses to where the messages came from: a task's recipients and counters, the withdrawal SMS
 * log (/log/WithdrawalSMS shows sent, delivered or failed instead of logged).
 */
export async function settleSources(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const arr = pgTextArray(ids.map(String));
  const res = await db.execute(sql`update ${smsTaskRecipient} r set status = m.status, updated_at = now()
    from ${smsMessage} m where m.id = any(${arr}::bigint[]) and r.message_id = m.id and m.status in ('delivered', 'failed')
      and r.status in ('sending', 'sent')
    returning r.task_id, m.status`);
  const per = new Map<number, { ok: number; bad: number }>();
  for (const r of rowsOf<{ task_id: string | number; status: string }>(res)) {
    const k = Number(r.task_id);
    const c = per.get(k) ?? { ok: 0, bad: 0 };
    if (r.status === 'delivered') c.ok++;
    else c.bad++;
    per.set(k, c);
  }
  for (const [taskId, c] of per) {
    await db.update(smsTask).set({ successCount: sql`${smsTask.successCount} + ${c.ok}`, failedCount: sql`${smsTask.failedCount} + ${c.bad}`, updatedAt: new Date() })
      .where(eq(smsTask.id, taskId));
  }
  await db.execute(sql`update ${withdrawalSmsLog} w set status = m.status
    from ${smsMessage} m where m.id = any(${arr}::bigint[]) and m.source = 'withdrawal' and w.id = m.source_ref::bigint`);
}

/** Withdrawal log rows follow their message's `sent` status too. */
export async function markWithdrawalSent(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`update ${withdrawalSmsLog} w set status = m.status
    from ${smsMessage} m where m.id = any(${pgTextArray(ids.map(String))}::bigint[]) and m.source = 'withdrawal' and w.id = m.source_ref::bigint`);
}
