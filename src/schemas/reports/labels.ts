import type { GroupBy, ReportDecl, StatRow } from '../statistics';

/**
 * How a report's key column reads, the same on the screen and in its export: the title of the column by grouping
 * and the words of a row's key (a message, or the key's own label or text).
 */
const KEY_TITLES: Partial<Record<GroupBy, string>> = {
  merchant: 'field.merchant_id', product: 'field.product_id', channel: 'field.channel_id', customer_type: 'field.customer_type',
};

/** Message id of the key column's title: the declaration's date title when grouped by date. */
export function keyTitleId(decl: Pick<ReportDecl, 'dateTitle'>, groupBy: GroupBy): string {
  return groupBy === 'date' ? decl.dateTitle : KEY_TITLES[groupBy] ?? `statistics.group.${groupBy}`;
}

/**
 * A row key as a message id (new / returning, no channel, a review stage, a provider, nobody), optionally followed by
 * text (a segment's bands), or as text (a name, a date).
 */
export function rowLabelOf(groupBy: GroupBy, r: Pick<StatRow, 'key' | 'label'>): { id: string; suffix?: string } | { text: string } {
  if (groupBy === 'customer_type') return { id: `option.customer_type.${r.key}` };
  if (groupBy === 'channel' && r.key === '0') return { id: 'statistics.noChannel' };
  if (groupBy === 'staff' && r.key === '0') return { id: 'stat.dim.noStaff' };
  if (groupBy === 'provider') return { id: `stat.provider.${r.key}` };
  // Review stages come as keys (first, second …); collection stages as their own names.
  if (groupBy === 'stage' && !r.label) return { id: `option.review_stage.${r.key}` };
  if (groupBy === 'segment') {
    // `new · 3–5 · 25–50%`: the customer type is a key, the bands read the same in every language.
    const [type, ...rest] = (r.label ?? r.key).split(' · ');
    return { id: `option.customer_type.${type}`, suffix: rest.length ? ` · ${rest.join(' · ')}` : undefined };
  }
  return { text: r.label ?? r.key };
}
