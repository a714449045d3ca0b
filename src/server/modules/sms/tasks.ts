import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { Market } from '../../../schemas/merchant';
import {
  TASK_FILE_MAX_ROWS, TASK_PURPOSE, TASK_VARIABLES, templateVariables, type SmsTaskAddBody, type SmsTaskProgress, type SmsTaskRow,
  type SmsTaskStatus, type SmsTaskType, type TaskFileRefusal,
} from '../../../schemas/sms';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { readSheet, SheetError } from '../blacklist/sheet';
import { normalisePhoneIn } from '../blacklist/identity';
import { customer } from '../client/client.table';
import { validPhone } from '../intake/identity';
import { writeOpLog } from '../log/oplog';
import { marketingEntry, marketingGroup } from '../marketing/marketing.table';
import { loanOrder } from '../order/order.table';
import { invalidField, mayReach, notFound, scopedMerchant, type SmsCtx } from './configs';
import { sendQueued, usableConfigs } from './engine';
import { pgTextArray } from './providers';
import { shortLinkFor, TASK_LINK_PURPOSE } from './links';
import { smsDupGuard, smsMessage, smsTask, smsTaskRecipient } from './sms.table';
import { assertTemplate, render } from './templates';
import { merchant } from '../merchant/merchant.table';

/**
 * SMS tasks (smsSendTask; docs/sms.md "Tasks"): a text with variables to a set of numbers — a file, a whitelist group
 * or the merchant's customers by a filter — loaded once into sms_task_recipient (unique per task and number). The
 * sending job claims pending numbers in batches; start, pause and resume (spec §4) only change the task's status, which
 * the job reads before every batch (a batch is at most a second of sending, so a pause holds within a second).
 */

type TaskDb = typeof smsTask.$inferSelect;

export function taskView(t: TaskDb, extra: { merchant_name?: string | null; created_by_name?: string | null } = {}): SmsTaskRow {
  return {
    id: t.id, merchant_id: t.merchantId, merchant_name: extra.merchant_name ?? null, type: t.type as SmsTaskType, name: t.name, content: t.content,
    source: t.source, number_count: t.numberCount, sent_count: t.sentCount, success_count: t.successCount, failed_count: t.failedCount,
    skipped_count: t.skippedCount, status: t.status as SmsTaskStatus, dup_code: t.dupCode, created_by: t.createdBy,
    created_by_name: extra.created_by_name ?? null, created_at: t.createdAt.toISOString(), started_at: t.startedAt?.toISOString() ?? null,
    finished_at: t.finishedAt?.toISOString() ?? null,
  };
}

type TaskInput = Pick<SmsTaskAddBody, 'merchant_id' | 'type' | 'name' | 'content' | 'dup_code' | 'link_url' | 'start'>;

/** Checks the text and makes `{link}`'s short link; refuses before anything is written. */
async function prepare(ctx: SmsCtx, body: TaskInput): Promise<{ link: string }> {
  await scopedMerchant(ctx, body.merchant_id);
  assertTemplate(body.content, TASK_VARIABLES);
  const needsLink = templateVariables(body.content).includes('link');
  if (needsLink && !body.link_url) throw invalidField('link_url', 'sms.task.linkNeeded');
  const link = needsLink ? await shortLinkFor(ctx.deps.db, body.merchant_id, TASK_LINK_PURPOSE[body.type], body.link_url!) : '';
  return { link };
}

async function insertTask(tx: DbOrTx, ctx: SmsCtx, body: TaskInput, source: string, detail: string, link: string): Promise<TaskDb> {
  const now = ctx.deps.now();
  const [t] = await tx.insert(smsTask).values({
    merchantId: body.merchant_id, type: body.type, name: body.name, content: body.content, link, source, sourceDetail: detail,
    dupCode: body.dup_code, createdBy: ctx.actor.accountId, createdAt: now, updatedAt: now,
    ...(body.start ? { status: 'running', startedAt: now } : {}),
  }).returning();
  return t;
}

async function finishCreate(tx: DbOrTx, ctx: SmsCtx, task: TaskDb): Promise<TaskDb> {
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${smsTaskRecipient} where task_id = ${task.id}`));
  if (!n) throw invalidField('source', 'sms.task.noNumbers');
  const [t] = await tx.update(smsTask).set({ numberCount: n }).where(eq(smsTask.id, task.id)).returning();
  await writeOpLog(tx, ctx.req, { action: 'sms.task.add', targetType: 'sms_task', targetId: t.id, after: taskView(t) });
  return t;
}

const CUSTOMER_FILTERS: Record<string, ReturnType<typeof sql>> = {
  all: sql`true`,
  overdue: sql`exists (select 1 from ${loanOrder} o where o.customer_id = c.id and o.status = 'overdue')`,
  repaying: sql`exists (select 1 from ${loanOrder} o where o.customer_id = c.id and o.status in ('repaying', 'extended'))`,
  settled: sql`exists (select 1 from ${loanOrder} o where o.customer_id = c.id and o.status = 'settled')
    and not exists (select 1 from ${loanOrder} o where o.customer_id = c.id and o.status in ('repaying', 'extended', 'overdue'))`,
  never_borrowed: sql`not exists (select 1 from ${loanOrder} o where o.customer_id = c.id and o.status in ('repaying', 'extended', 'overdue', 'settled', 'bad_debt'))`,
};

/** A task to a whitelist group's numbers or to the merchant's customers (blacklisted customers are left out). */
export async function addTask(ctx: SmsCtx, body: SmsTaskAddBody): Promise<SmsTaskRow> {
  const { link } = await prepare(ctx, body);
  const db = ctx.deps.db;
  let detail: string = body.customer_filter;
  if (body.source === 'group') {
    if (body.group_id === undefined) throw invalidField('group_id', 'validation.required');
    const [g] = await db.select().from(marketingGroup).where(eq(marketingGroup.id, body.group_id));
    if (!g || g.merchantId !== body.merchant_id || !mayReach(ctx.actor, g.merchantId)) throw notFound('group');
    detail = g.name;
  }
  const t = await db.transaction(async (tx) => {
    const task = await insertTask(tx, ctx, body, body.source, detail, link);
    if (body.source === 'group') {
      await tx.execute(sql`insert into ${smsTaskRecipient} (task_id, phone) select ${task.id}, e.phone from ${marketingEntry} e
        where e.group_id = ${body.group_id} and e.merchant_id = ${body.merchant_id} order by e.id on conflict do nothing`);
    } else {
      await tx.execute(sql`insert into ${smsTaskRecipient} (task_id, phone, name) select ${task.id}, c.phone, c.name from ${customer} c
        where c.merchant_id = ${body.merchant_id} and not c.blacklisted and ${CUSTOMER_FILTERS[body.customer_filter]} order by c.id on conflict do nothing`);
    }
    return finishCreate(tx, ctx, task);
  });
  return taskView(t);
}

/**
 * A task from a CSV or XLSX file: columns `phone` (required) and `name`. A file that is not such a table is refused
 * whole (40000, nothing written); numbers that are not the merchant market's mobile numbers, and repeats, are reported
 * per row and left out.
 */
export async function addTaskFromFile(ctx: SmsCtx, body: TaskInput, buf: Buffer) {
  const m = await scopedMerchant(ctx, body.merchant_id);
  let sheet;
  try {
    sheet = await readSheet(buf, ['phone', 'name'], ['phone'], TASK_FILE_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetError) throw new AppError(CODE.VALIDATION, err.messageId, err.values, 200, [{ path: 'file', id: err.messageId, values: err.values }]);
    throw err;
  }
  const { link } = await prepare(ctx, body);
  const market = (m.market ?? 'vn') as Market;
  const seen = new Set<string>();
  const refused: TaskFileRefusal[] = [];
  const phones: string[] = [];
  const names: string[] = [];
  for (const r of sheet.rows) {
    const raw = r.cells.phone ?? '';
    const phone = normalisePhoneIn(market, raw);
    if (!validPhone(market, phone)) { refused.push({ row: r.line, value: raw.slice(0, 40), reason: 'invalid' }); continue; }
    if (seen.has(phone)) { refused.push({ row: r.line, value: raw.slice(0, 40), reason: 'duplicate_in_file' }); continue; }
    seen.add(phone);
    phones.push(phone);
    names.push((r.cells.name ?? '').slice(0, 100));
  }
  if (!phones.length) throw new AppError(CODE.VALIDATION, 'sms.task.noValidNumbers', {}, 200, [{ path: 'file', id: 'sms.task.noValidNumbers', values: {} }]);
  const t = await ctx.deps.db.transaction(async (tx) => {
    const task = await insertTask(tx, ctx, body, 'file', '', link);
    for (let i = 0; i < phones.length; i += 10_000) {
      await tx.execute(sql`insert into ${smsTaskRecipient} (task_id, phone, name)
        select ${task.id}, p, n from unnest(${pgTextArray(phones.slice(i, i + 10_000))}::text[], ${pgTextArray(names.slice(i, i + 10_000))}::text[]) as v(p, n)
        on conflict do nothing`);
    }
    return finishCreate(tx, ctx, task);
  });
  return { task: taskView(t), rows: sheet.rows.length, refused: refused.slice(0, 10_000) };
}

async function scopedTask(ctx: SmsCtx, id: number): Promise<TaskDb> {
  const [t] = await ctx.deps.db.select().from(smsTask).where(eq(smsTask.id, id));
  if (!t || !mayReach(ctx.actor, t.merchantId)) throw notFound('task');
  return t;
}

const MOVES: Record<'start' | 'pause' | 'resume', { from: SmsTaskStatus; to: SmsTaskStatus }> = {
  start: { from: 'draft', to: 'running' },
  pause: { from: 'running', to: 'paused' },
  resume: { from: 'paused', to: 'running' },
};

/** Start (draft → running), pause (running → paused), resume (paused → running): a guarded update, 42200 otherwise. */
export async function moveTask(ctx: SmsCtx, id: number, verb: 'start' | 'pause' | 'resume'): Promise<SmsTaskRow> {
  const before = await scopedTask(ctx, id);
  const { from, to } = MOVES[verb];
  const now = ctx.deps.now();
  return ctx.deps.db.transaction(async (tx) => {
    const [t] = await tx.update(smsTask).set({
      status: to, updatedAt: now, ...(verb === 'start' ? { startedAt: now } : {}), ...(verb === 'pause' ? { pausedAt: now } : {}),
    }).where(and(eq(smsTask.id, id), eq(smsTask.status, from))).returning();
    if (!t) {
      throw new AppError(CODE.INVALID_TRANSITION, 'sms.task.badMove', { status: `@sms.taskStatus.${before.status}`, action: `@sms.action.${verb}` });
    }
    await writeOpLog(tx, ctx.req, { action: `sms.task.${verb}`, targetType: 'sms_task', targetId: id, before: { status: before.status }, after: { status: to } });
    return taskView(t);
  });
}

export async function taskProgress(ctx: SmsCtx, ids: number[]): Promise<SmsTaskProgress[]> {
  const rows = await ctx.deps.db.select().from(smsTask).where(inArray(smsTask.id, ids.slice(0, 100)));
  const mine = rows.filter((t) => mayReach(ctx.actor, t.merchantId));
  if (!mine.length) return [];
  const pend = rowsOf<{ task_id: string | number; n: number }>(await ctx.deps.db.execute(sql`select task_id, count(*)::int as n from ${smsTaskRecipient}
    where task_id = any(${pgTextArray(mine.map((t) => String(t.id)))}::bigint[]) and status in ('pending', 'sending') group by task_id`));
  const byTask = new Map(pend.map((p) => [Number(p.task_id), p.n]));
  return mine.map((t) => ({
    id: t.id, status: t.status as SmsTaskStatus, number_count: t.numberCount, sent_count: t.sentCount, success_count: t.successCount,
    failed_count: t.failedCount, skipped_count: t.skippedCount, pending: byTask.get(t.id) ?? 0,
  }));
}

// ------------------------------------------------------------------------------------------------ the sending job

export interface TaskRunOptions {
  /** Stop (as a crash would: between any two steps) when aborted. */
  signal?: AbortSignal;
  /** Stop after this long (the scheduler starts the job again). */
  budgetMs?: number;
  /** Test hook: called after a batch was claimed, before it is handed to the gateway. */
  afterClaim?: (taskId: number, n: number) => Promise<void> | void;
}

/** Largest batch: at most a second of the fastest usable configuration, never more than 2,000. */
async function batchSize(db: DbOrTx, merchantId: number, type: SmsTaskType): Promise<number> {
  const cfgs = await usableConfigs(db, merchantId, TASK_PURPOSE[type]);
  return Math.max(1, Math.min(2000, ...cfgs.map((c) => c.ratePerSecond), cfgs.length ? 2000 : 1));
}

/**
 * Claims up to `n` pending numbers of a running task, in one transaction: the task row is locked (so a pause waits for
 * the claim and the claim sees the pause), numbers already sent under the task's duplicate-check code are skipped, the
 * rest get their message rows (source `task`, reference = the recipient id: unique) and become `sending`.
 */
async function claimBatch(db: Db, taskId: number, n: number): Promise<{ task: TaskDb; msgs: { id: number; phone: string; content: string }[] } | null> {
  return db.transaction(async (tx) => {
    const [task] = await tx.select().from(smsTask).where(and(eq(smsTask.id, taskId), eq(smsTask.status, 'running'))).for('update');
    if (!task) return null;
    const picked = rowsOf<{ id: string | number; phone: string; name: string }>(await tx.execute(sql`select id, phone, name from ${smsTaskRecipient}
      where task_id = ${taskId} and status = 'pending' order by id limit ${n} for update skip locked`));
    if (!picked.length) return { task, msgs: [] };
    let allowed = picked;
    if (task.dupCode) {
      const got = new Set(rowsOf<{ phone: string }>(await tx.execute(sql`insert into ${smsDupGuard} (merchant_id, dup_code, phone, task_id)
        select ${task.merchantId}, ${task.dupCode}, p, ${taskId} from unnest(${pgTextArray(picked.map((p) => p.phone))}::text[]) as p
        on conflict do nothing returning phone`)).map((r) => r.phone));
      allowed = picked.filter((p) => got.has(p.phone));
      const skipped = picked.filter((p) => !got.has(p.phone));
      if (skipped.length) {
        await tx.execute(sql`update ${smsTaskRecipient} set status = 'skipped', updated_at = now() where id = any(${pgTextArray(skipped.map((p) => String(p.id)))}::bigint[])`);
        await tx.update(smsTask).set({ skippedCount: sql`${smsTask.skippedCount} + ${skipped.length}` }).where(eq(smsTask.id, taskId));
      }
    }
    if (!allowed.length) return { task, msgs: [] };
    const [m] = await tx.select({ name: merchant.name }).from(merchant).where(eq(merchant.id, task.merchantId));
    const contents = allowed.map((p) => render(task.content, { name: p.name, phone: p.phone, merchant: m?.name ?? '', link: task.link }).slice(0, 1000));
    const purpose = TASK_PURPOSE[task.type as SmsTaskType];
    const ins = rowsOf<{ id: string | number; ref: string }>(await tx.execute(sql`insert into ${smsMessage} (merchant_id, purpose, source, source_ref, task_id, phone, content)
      select ${task.merchantId}, ${purpose}, 'task', r, ${taskId}, p, c
      from unnest(${pgTextArray(allowed.map((p) => String(p.id)))}::text[], ${pgTextArray(allowed.map((p) => p.phone))}::text[], ${pgTextArray(contents)}::text[]) as v(r, p, c)
      on conflict do nothing returning id, source_ref as ref`));
    await tx.execute(sql`update ${smsTaskRecipient} r set status = 'sending', message_id = v.mid, updated_at = now()
      from unnest(${pgTextArray(ins.map((i) => i.ref))}::bigint[], ${pgTextArray(ins.map((i) => String(i.id)))}::bigint[]) as v(rid, mid) where r.id = v.rid`);
    const byRef = new Map(ins.map((i) => [i.ref, Number(i.id)]));
    const msgs = allowed.flatMap((p, k) => (byRef.has(String(p.id)) ? [{ id: byRef.get(String(p.id))!, phone: p.phone, content: contents[k] }] : []));
    return { task, msgs };
  });
}

/** Records what the gateways answered for a batch on its recipients and the task's counters. */
async function recordBatch(db: Db, taskId: number, statuses: Map<number, { status: string }>): Promise<void> {
  const sent = [...statuses].filter(([, s]) => s.status === 'sent').map(([id]) => String(id));
  const failed = [...statuses].filter(([, s]) => s.status === 'failed').map(([id]) => String(id));
  if (sent.length) {
    await db.execute(sql`update ${smsTaskRecipient} set status = 'sent', updated_at = now() where message_id = any(${pgTextArray(sent)}::bigint[]) and status = 'sending'`);
  }
  // Failed at once (no gateway took it): sendQueued already settled the recipients and the failed count.
  if (sent.length) await db.update(smsTask).set({ sentCount: sql`${smsTask.sentCount} + ${sent.length}`, updatedAt: new Date() }).where(eq(smsTask.id, taskId));
  void failed;
}

/**
 * Numbers left `sending` by a run that stopped (a crash, a restart) between claiming them and recording the answer:
 * their messages go again to the gateway they went to, under the same id (a gateway answers a repeat as the same
 * message), or, if they never reached one, through the usual choice. Runs first in every run of the job, which holds the
 * job's lock, so no other run is sending them.
 */
async function recoverSending(db: Db): Promise<number> {
  const rows = rowsOf<{ task_id: string | number; mid: string | number; phone: string; content: string; status: string; config_id: number | null; merchant_id: number; purpose: string }>(
    await db.execute(sql`select r.task_id, m.id as mid, m.phone, m.content, m.status, m.config_id, m.merchant_id, m.purpose
      from ${smsTaskRecipient} r join ${smsMessage} m on m.id = r.message_id
      where r.status = 'sending' and r.task_id in (select id from ${smsTask} where status in ('running', 'paused', 'finished')) limit 5000`));
  for (const r of rows) {
    const taskId = Number(r.task_id);
    let st: Map<number, { status: string }>;
    if (r.status !== 'queued') st = new Map([[Number(r.mid), { status: r.status === 'failed' ? 'failed' : 'sent' }]]);
    else {
      st = await sendQueued(db, r.merchant_id, r.purpose as 'marketing', [{ id: Number(r.mid), phone: r.phone, content: r.content }],
        r.config_id ? { resendVia: r.config_id } : {});
    }
    await recordBatch(db, taskId, st);
    if (r.status === 'delivered' || r.status === 'failed') {
      const { settleSources } = await import('./engine');
      await settleSources(db, [Number(r.mid)]);
    }
  }
  return rows.length;
}

/** Running tasks with nothing left to send become finished. */
async function finishDone(db: Db, now: Date): Promise<void> {
  await db.execute(sql`update ${smsTask} t set status = 'finished', finished_at = ${now.toISOString()}::timestamptz, updated_at = now()
    where t.status = 'running' and not exists (select 1 from ${smsTaskRecipient} r where r.task_id = t.id and r.status in ('pending', 'sending'))`);
}

/**
 * One run of the sending job: recover what a stopped run left, then send the running tasks' numbers batch by batch
 * (oldest task first, throttled by each configuration's rate) until nothing is left, the budget is spent or the signal
 * aborts. Answers how many messages it handed over.
 */
export async function sendTasks(db: Db, now: () => Date, opts: TaskRunOptions = {}): Promise<{ sent: number; recovered: number }> {
  const started = Date.now();
  const budget = opts.budgetMs ?? 55_000;
  const recovered = await recoverSending(db);
  let sent = 0;
  for (;;) {
    if (opts.signal?.aborted || Date.now() - started > budget) break;
    const running = await db.select({ id: smsTask.id, merchantId: smsTask.merchantId, type: smsTask.type }).from(smsTask)
      .where(eq(smsTask.status, 'running')).orderBy(asc(smsTask.id)).limit(20);
    if (!running.length) break;
    let progressed = false;
    for (const t of running) {
      if (opts.signal?.aborted) break;
      const n = await batchSize(db, t.merchantId, t.type as SmsTaskType);
      const claim = await claimBatch(db, t.id, n);
      if (!claim) continue;
      if (!claim.msgs.length) {
        await finishDone(db, now());
        progressed ||= (await db.select({ n: sql<number>`count(*)::int` }).from(smsTaskRecipient).where(and(eq(smsTaskRecipient.taskId, t.id), eq(smsTaskRecipient.status, 'pending'))))[0].n > 0;
        continue;
      }
      progressed = true;
      await opts.afterClaim?.(t.id, claim.msgs.length);
      if (opts.signal?.aborted) break;
      const st = await sendQueued(db, claim.task.merchantId, TASK_PURPOSE[claim.task.type as SmsTaskType], claim.msgs);
      if (opts.signal?.aborted) break;
      await recordBatch(db, t.id, st);
      sent += [...st.values()].filter((s) => s.status === 'sent').length;
    }
    if (!progressed) break;
  }
  if (!opts.signal?.aborted) await finishDone(db, now());
  return { sent, recovered };
}
