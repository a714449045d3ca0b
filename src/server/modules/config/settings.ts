import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SUPER_KEY } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import {
  SETTINGS, SETTING_BY_KEY, parseSettingValue, type ConfigEditBody, type SettingDef, type SettingKey, type SettingValue, type SettingView,
} from '../../../schemas/config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { adminAccount } from '../empower/empower.table';
import { openSecret, sealSecret, secretHint } from '../intake/secrets';
import { writeOpLog } from '../log/oplog';
import { checkSecureKey, secureKeyIsSet, setSecureKey } from '../payment/secureKey';
import { configHistory, configSetting } from './config.table';

/**
 * System settings (docs/config.md): the values of the keys declared in src/schemas/config.ts, their edit (typed
 * validation, history, sealed secrets) and `setting(db, key)`, the one way other areas read them.
 *
 * The secure operation key is not stored here: it already lives as a one-way hash in payment/secureKey.ts (spec §4's
 * check reads it there), so this screen sets it through that module and keeps only its last 4 characters.
 */

/** Secrets kept as a one-way hash elsewhere; `setting()` cannot return them (verify with payment/secureKey.checkSecureKey). */
export const HASHED_SECRETS = ['secure_operation_key'] as const;
type HashedKey = (typeof HASHED_SECRETS)[number];
export type ReadableSettingKey = Exclude<SettingKey, HashedKey>;

const CACHE_MS = 10_000;
const cache = new WeakMap<object, Map<string, { at: number; value: unknown }>>();

function invalidate(db: DbOrTx): void {
  cache.delete(db);
}

/** The default of a declared setting (null for secrets). */
export function defaultOf(def: SettingDef): number | boolean | string | null {
  return def.type === 'secret' ? null : def.default;
}

/** Whether a stored JSON value still fits its declaration (a bound narrowed in code since): else the default applies. */
function fits(def: SettingDef, v: unknown): boolean {
  if (def.type === 'secret' || v === null || v === undefined) return false;
  if (def.type === 'bool') return typeof v === 'boolean';
  if (def.type === 'int' || def.type === 'decimal') return typeof v === 'number' && parseSettingValue(def, String(v)).ok;
  return typeof v === 'string' && parseSettingValue(def, v).ok;
}

/**
 * The value of a setting in force, typed by its declaration: the stored value, else the default. A secret reads as its
 * clear text (null when unset or unreadable). Cached for 10 s per database handle; an edit through this module clears
 * the cache at once (other server processes see it within 10 s).
 */
export async function setting<K extends ReadableSettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  const def = SETTING_BY_KEY[key];
  if (!def) throw new Error(`unknown setting ${key}`);
  let m = cache.get(db);
  if (!m) cache.set(db, (m = new Map()));
  const hit = m.get(key);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_MS) return hit.value as SettingValue<K>;
  const [row] = await db.select().from(configSetting).where(eq(configSetting.key, key));
  let value: unknown;
  if (def.type === 'secret') value = row?.sealed ? await openSecret(db, row.sealed) : null;
  else value = row && fits(def, row.value) ? row.value : def.default;
  m.set(key, { at: now, value });
  return value as SettingValue<K>;
}

const show = (def: SettingDef, v: unknown): string | null => (def.type === 'secret' || v === null || v === undefined ? null : String(v));

/** Every declared setting with its value in force; secrets only as set / last 4. */
export async function settingViews(db: DbOrTx): Promise<SettingView[]> {
  const rows = await db.select({
    key: configSetting.key, value: configSetting.value, sealed: configSetting.sealed, hint: configSetting.hint,
    updatedAt: configSetting.updatedAt, updatedByName: adminAccount.name,
  }).from(configSetting).leftJoin(adminAccount, eq(adminAccount.id, configSetting.updatedBy))
    .where(inArray(configSetting.key, SETTINGS.map((s) => s.key)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const secureSet = await secureKeyIsSet(db);
  return SETTINGS.map((s): SettingView => {
    const def = s as SettingDef;
    const r = byKey.get(s.key);
    const base = {
      key: s.key, type: def.type, group: def.group, description: def.description, default: defaultOf(def),
      updated_at: r?.updatedAt ? r.updatedAt.toISOString() : null, updated_by_name: r?.updatedByName ?? null,
    };
    if (def.type === 'secret') {
      const isSet = (HASHED_SECRETS as readonly string[]).includes(s.key) ? secureSet : Boolean(r?.sealed);
      return { ...base, value: null, is_set: isSet, hint: isSet ? r?.hint ?? null : null, changed: isSet };
    }
    const inForce = r && fits(def, r.value) ? (r.value as number | boolean | string) : def.default;
    return {
      ...base, value: inForce, changed: inForce !== def.default,
      ...(def.type === 'int' || def.type === 'decimal' ? { min: def.min, max: def.max, ...(def.unit ? { unit: def.unit } : {}) } : {}),
      ...(def.type === 'enum' ? { values: [...def.values] } : {}),
      ...(def.type === 'string' ? { max: def.maxLength } : {}),
    };
  });
}

const bad = (path: string, id: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, id, values, 200, [{ path, id, values }]);

/**
 * Changes one setting: the text is checked against the declaration (nothing is written when it does not fit), the new
 * value stored and a history row written in one transaction, with the operation log (a secret's value in neither).
 * Changing a secret that is set needs its current value, unless the account holds everything (admin_y).
 */
export async function editSetting(db: Db, req: FastifyRequest, body: ConfigEditBody): Promise<SettingView> {
  const actor = req.actor!;
  const def = SETTING_BY_KEY[body.key];
  const parsed = parseSettingValue(def, body.value);
  if (!parsed.ok) throw bad('value', parsed.id, parsed.values);
  const superAdmin = actor.nodes.has(SUPER_KEY);
  const hashed = (HASHED_SECRETS as readonly string[]).includes(body.key);

  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(configSetting).where(eq(configSetting.key, body.key)).for('update');
    let oldText: string | null = null;
    let newText: string | null = null;
    if (def.type === 'secret') {
      const secret = parsed.value as string;
      if (hashed) {
        // The payment module checks the current key itself (and lets admin_y reset a lost one).
        await setSecureKey(tx, { currentKey: body.current, newKey: secret, actorId: actor.accountId, superAdmin });
      } else if (old?.sealed && !superAdmin) {
        const current = await openSecret(tx, old.sealed);
        if (!body.current || current === null || body.current !== current) throw new AppError(CODE.FORBIDDEN, 'config.error.currentSecret');
      }
      const values = { sealed: hashed ? null : await sealSecret(tx, secret), hint: secretHint(secret), value: null, updatedBy: actor.accountId, updatedAt: new Date() };
      await tx.insert(configSetting).values({ key: body.key, ...values }).onConflictDoUpdate({ target: configSetting.key, set: values });
    } else {
      oldText = show(def, old && fits(def, old.value) ? old.value : defaultOf(def));
      newText = show(def, parsed.value);
      const values = { value: parsed.value, sealed: null, hint: null, updatedBy: actor.accountId, updatedAt: new Date() };
      await tx.insert(configSetting).values({ key: body.key, ...values }).onConflictDoUpdate({ target: configSetting.key, set: values });
    }
    await tx.insert(configHistory).values({ key: body.key, oldValue: oldText, newValue: newText, secret: def.type === 'secret', accountId: actor.accountId });
    await writeOpLog(tx, req, {
      action: 'config.edit', targetType: 'config_setting', targetId: body.key,
      before: def.type === 'secret' ? undefined : { value: oldText }, after: def.type === 'secret' ? { changed: true } : { value: newText },
    });
  });
  invalidate(db);
  return (await settingViews(db)).find((v) => v.key === body.key)!;
}

/** Verifies the secure operation key (re-exported so callers need not know where it is kept). */
export { checkSecureKey };
