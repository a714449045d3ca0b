import { eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { bankListQuery, binListQuery } from '../../../schemas/bank';
import { defineList } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { bank } from '../client/client.table';
import { likeEscape } from '../empower/scope';
import { bankBin } from './bank.table';
import { actorMarkets } from './scope';
import type { ListCtx } from '../../list/define';

/** The two lists of /system/bank, declared once (docs/list-engine.md): banks, and BINs with their bank. */

const like = (s: string) => `%${likeEscape(s)}%`;

/** Banks are shared by a market: a merchant's staff see the markets of their merchants. */
const marketScope = (col: typeof bank.market | typeof bankBin.market) => async (actor: Actor, ctx: ListCtx): Promise<SQL | undefined> => {
  const markets = await actorMarkets(ctx.db, actor);
  return markets === null ? undefined : markets.length ? inArray(col, markets) : sql`false`;
};

export const bankList = defineList({
  id: 'system.bank',
  permission: pageKey('system', 'bank'),
  from: bank,
  columns: {
    id: bank.id,
    market: bank.market,
    code: bank.code,
    name: bank.name,
    enabled: bank.enabled,
    sort: bank.sort,
    bins: bank.bins,
    bin_count: sql<number>`(select count(*)::int from ${bankBin} b where b.bank_id = ${outer(bank.id)})`,
  },
  filters: bankListQuery,
  scope: marketScope(bank.market),
  where: (f) => [
    f.market !== undefined ? eq(bank.market, f.market) : undefined,
    f.enabled !== undefined ? eq(bank.enabled, f.enabled) : undefined,
    f.keyword ? or(ilike(bank.name, like(f.keyword)), ilike(bank.code, like(f.keyword))) : undefined,
  ],
  sorts: { sort: bank.sort, id: bank.id, code: bank.code, market: bank.market },
  defaultSort: 'sort:asc',
  exportColumns: [
    { key: 'market', title: 'bank.field.market' },
    { key: 'code', title: 'bank.field.code' },
    { key: 'name', title: 'bank.field.name' },
    { key: 'enabled', title: 'bank.field.enabled' },
    { key: 'sort', title: 'bank.field.sort' },
    { key: 'bin_count', title: 'bank.field.bin_count' },
  ],
});

export const binList = defineList({
  id: 'system.bank.bins',
  permission: pageKey('system', 'bank'),
  from: bankBin,
  columns: {
    id: bankBin.id,
    bank_id: bankBin.bankId,
    bank_code: sql<string | null>`(select b.code from ${bank} b where b.id = ${outer(bankBin.bankId)})`,
    bank_name: sql<string | null>`(select b.name from ${bank} b where b.id = ${outer(bankBin.bankId)})`,
    market: bankBin.market,
    prefix: bankBin.prefix,
    card_type: bankBin.cardType,
    enabled: bankBin.enabled,
    updated_at: bankBin.updatedAt,
  },
  filters: binListQuery,
  scope: marketScope(bankBin.market),
  where: (f) => [
    f.market !== undefined ? eq(bankBin.market, f.market) : undefined,
    f.bank_id !== undefined ? eq(bankBin.bankId, f.bank_id) : undefined,
    f.card_type !== undefined ? eq(bankBin.cardType, f.card_type) : undefined,
    f.enabled !== undefined ? eq(bankBin.enabled, f.enabled) : undefined,
    // A typed card number finds its prefixes; a short one finds the prefixes that start with it.
    f.prefix ? (f.prefix.length > 8 ? sql`starts_with(${f.prefix}, ${bankBin.prefix})` : sql`starts_with(${bankBin.prefix}, ${f.prefix})`) : undefined,
  ],
  sorts: { prefix: bankBin.prefix, id: bankBin.id, updated_at: bankBin.updatedAt },
  defaultSort: 'prefix:asc',
  exportColumns: [
    { key: 'market', title: 'bank.field.market' },
    { key: 'prefix', title: 'bank.field.prefix' },
    { key: 'bank_code', title: 'bank.field.code' },
    { key: 'bank_name', title: 'bank.field.name' },
    { key: 'card_type', title: 'bank.field.card_type' },
    { key: 'enabled', title: 'bank.field.enabled' },
  ],
});
