import { DETAIL_SECTIONS, type DetailSection } from '../../../schemas/customer';

/**
 * Section navigation of the customer-detail view: which section is current while scrolling, and where [ and ]
 * go from it. Pure, so that the rules are tested without a browser.
 */

/**
 * The current section: the last one whose top has passed `line` (the bottom of the sticky header plus a little),
 * else the first. `tops` are the sections' viewport tops in page order.
 */
export function currentSection(tops: ReadonlyArray<{ id: DetailSection; top: number }>, line: number): DetailSection | null {
  if (!tops.length) return null;
  let cur = tops[0].id;
  for (const t of tops) {
    if (t.top - line <= 1) cur = t.id;
    else break;
  }
  return cur;
}

/** The section `step` sections away from `current` (clamped to the ends); the first one when none is current. */
export function stepSection(order: readonly DetailSection[], current: DetailSection | null, step: 1 | -1): DetailSection | null {
  if (!order.length) return null;
  const i = current ? order.indexOf(current) : -1;
  if (i < 0) return step > 0 ? order[0] : order[order.length - 1];
  return order[Math.max(0, Math.min(order.length - 1, i + step))];
}

/** `[` goes to the previous section, `]` to the next; anything with a modifier is not ours. */
export function sectionKeyStep(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): 1 | -1 | 0 {
  if (e.ctrlKey || e.metaKey || e.altKey) return 0;
  if (e.key === ']') return 1;
  if (e.key === '[') return -1;
  return 0;
}

const STORE_KEY = 'customerDetail.collapsed';

/** Sections the user collapsed, remembered across customers (local storage; ignored when unavailable). */
export function loadCollapsed(): Set<DetailSection> {
  try {
    const raw = JSON.parse(localStorage.getItem(STORE_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(raw) ? (raw.filter((x) => (DETAIL_SECTIONS as readonly string[]).includes(x as string)) as DetailSection[]) : []);
  } catch {
    return new Set();
  }
}

export function saveCollapsed(s: ReadonlySet<DetailSection>): void {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify([...s]));
  } catch {
    // storage full or blocked: the choice lasts for this page only
  }
}

/** Query of the detail routes (spec §2): orderDetails `client`, `name`, `phone`; reviewDetails `customer_id`, `id`, `type`, `tags`, `phone`. */
export interface DetailParams {
  customerId: number | null;
  name: string;
  phone: string;
  orderId: number | null;
  type: string;
  tags: string;
}

const positiveInt = (v: string | null): number | null => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function parseDetailParams(search: string): DetailParams {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  return {
    customerId: positiveInt(q.get('client')) ?? positiveInt(q.get('customer_id')),
    name: q.get('name')?.trim() ?? '',
    phone: q.get('phone')?.trim() ?? '',
    orderId: positiveInt(q.get('id')),
    type: q.get('type') ?? '',
    tags: q.get('tags') ?? '',
  };
}
