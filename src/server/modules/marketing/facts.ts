import { sql, type SQL } from 'drizzle-orm';
import type { FactBuilder, FactContext } from '../statistics/refresh';
import { dateConds, inWindow, localDate, type Window } from '../statistics/facts/sql';

/**
 * stat_marketing (the marketingPersonnel report; docs/marketing.md "Statistics"): the whitelist funnel per merchant,
 * business date (of the market), product, channel, new/returning and agent. Every measure is dated by its own event,
 * so recomputing a window of dates from the base tables is exact:
 * - contacts / agreed: call results recorded (marketing_contact kind `result`), by the agent who recorded them, under
 *   the group's exclusive product (0: none) and no channel;
 * - registered: whitelisted numbers registering, credited to the agent holding them (0: nobody), under the customer's
 *   channel;
 * - applied / disbursed: the first order a credited customer created after registering (its product, channel and
 *   new/returning), on its creation and its payout date.
 */

const COLS = ['contacts', 'agreed', 'registered', 'applied', 'disbursed'] as const;
type Col = (typeof COLS)[number];

function source(c: FactContext, at: SQL, keys: { product: SQL; channel: SQL; returning: SQL; staff: SQL }, measures: Partial<Record<Col, SQL>>, from: SQL, where: SQL, w: Window): SQL {
  const values = COLS.map((k) => sql`${measures[k] ?? sql`0`}::int as ${sql.identifier(k)}`);
  return sql`select ${localDate(at, c.tz)} as d, ${keys.product} as product_id, ${keys.channel} as ch, ${keys.returning} as r, ${keys.staff} as staff,
    ${sql.join(values, sql`, `)} from ${from} where ${where} and ${inWindow(at, c.tz, w)}`;
}

/** The first order of a credited customer after registering, as `o`. */
const FIRST_ORDER = sql`marketing_entry e join marketing_group g on g.id = e.group_id
  join lateral (select o.* from loan_order o where o.customer_id = e.customer_id and o.created_at >= e.registered_at order by o.created_at, o.id limit 1) o on true`;

export function marketingSql(c: FactContext, w: Window): SQL {
  const m = c.merchantId;
  const staffOf = sql`coalesce(e.credited_agent_id, 0)`;
  const orderKeys = { product: sql`o.product_id`, channel: sql`coalesce(o.channel_id, 0)`, returning: sql`o.is_returning`, staff: staffOf };
  const sources = [
    source(c, sql`k.created_at`, { product: sql`coalesce(g.product_id, 0)`, channel: sql`0`, returning: sql`false`, staff: sql`k.account_id` },
      { contacts: sql`1`, agreed: sql`(k.result = 'agreed')::int` },
      sql`marketing_contact k join marketing_entry e on e.id = k.entry_id join marketing_group g on g.id = e.group_id`,
      sql`k.merchant_id = ${m} and k.kind = 'result'`, w),
    source(c, sql`e.registered_at`, { product: sql`coalesce(g.product_id, 0)`, channel: sql`coalesce(cu.channel_id, 0)`, returning: sql`false`, staff: staffOf },
      { registered: sql`1` },
      sql`marketing_entry e join marketing_group g on g.id = e.group_id left join customer cu on cu.id = e.customer_id`,
      sql`e.merchant_id = ${m} and e.customer_id is not null`, w),
    source(c, sql`o.created_at`, orderKeys, { applied: sql`1` }, FIRST_ORDER, sql`e.merchant_id = ${m} and e.customer_id is not null`, w),
    source(c, sql`o.success_at`, orderKeys, { disbursed: sql`1` }, FIRST_ORDER, sql`e.merchant_id = ${m} and e.customer_id is not null`, w),
  ];
  const cols = sql.join(COLS.map((k) => sql.identifier(k)), sql`, `);
  const sums = sql.join(COLS.map((k) => sql`sum(${sql.identifier(k)})`), sql`, `);
  return sql`insert into stat_marketing (merchant_id, business_date, product_id, channel_id, "returning", staff_id, ${cols})
    select ${m}, d, product_id, ch, r, staff, ${sums} from (${sql.join(sources, sql` union all `)}) x group by d, product_id, ch, r, staff`;
}

const marketingFact: FactBuilder = {
  name: 'marketing',
  async refresh(tx, c) {
    const w: Window = c.full ? { from: c.from } : { from: c.today, to: c.today };
    await tx.execute(sql`delete from stat_marketing where merchant_id = ${c.merchantId} and ${dateConds('business_date', w)}`);
    await tx.execute(marketingSql(c, w));
  },
};

/** Fact maintenance of the marketing area (add to FACTS in src/server/modules/statistics/facts/index.ts). */
export const marketingFacts: FactBuilder[] = [marketingFact];
