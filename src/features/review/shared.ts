import { useEffect, useMemo } from 'react';
import type { IntlShape } from 'react-intl';
import { openPath } from '../../app/router/openPath';
import { byId } from '../../../commands';
import { registerParamChoices } from '../../app/commands';
import { notify } from '../../app/lib/notify';
import { useDict } from '../../app/lib/dict';
import type { NextOrder, ReviewFilterOptions, StagePage } from '../../schemas/review';
import { REJECT_REASON_DICT } from '../../schemas/review';
import { useRemote } from '../../ui/useRemote';
import { api } from '../../app/api/request';
import { PREFETCH_TTL_MS } from '../../app/api/prefetch';
import { DETAIL_PATH } from '../client/detail/customerDetail.api';
import { BREAKDOWN } from '../scoring/scoring.api';
import { REVIEW_ORDER_DETAIL, reviewApi } from './review.api';

/** Pill colours of loan statuses: waiting and review (blue, violet), money moving (cyan), debt (orange, red), done (green), ended (grey). */
export const STATUS_COLORS: Record<string, string> = {
  pending_review: '#1c7ed6', machine_review: '#1c7ed6', first_review: '#7048e8', second_review: '#7048e8', pre_review: '#7048e8',
  disbursement_review: '#7048e8', reloan: '#7048e8', suspended: '#f08c00', withdrawal: '#0c8599', disbursing: '#0c8599',
  repaying: '#1971c2', overdue: '#e03131', extended: '#e8590c', settled: '#2f9e44', failed: '#c92a2a', closed: '#868e96', bad_debt: '#862e9c',
};

/** A coded value in words: `option.<key>.<value>`, else the value itself. */
export function word(intl: IntlShape, key: string, value: string | null | undefined): string {
  if (!value) return '';
  const id = `option.${key}.${value}`;
  return id in intl.messages ? intl.formatMessage({ id }) : value;
}

export const REVIEW_DETAILS = '/details/reviewDetails';

/** /details/reviewDetails of an order of a review queue (spec §2: id, type, tags, phone, customer_id). */
export function reviewDetailsUrl(type: string, r: { id: number; customer_id: number; phone?: string | null }): string {
  const q = new URLSearchParams({ id: String(r.id), customer_id: String(r.customer_id), type, phone: r.phone ?? '' });
  return `${REVIEW_DETAILS}?${q.toString()}`;
}

export function openReviewDetails(type: string, r: { id: number; customer_id: number; phone?: string | null }): void {
  openPath(reviewDetailsUrl(type, r));
}

/**
 * While mounted, the generated forms (reject, batch reject, re-loan reject) offer the reject_reason dictionary as a
 * select for `reason`: the reason picker of the palette, the hotkey R and the toolbar alike.
 */
export function useRejectReasonChoices(): void {
  const dict = useDict(REJECT_REASON_DICT);
  const choices = useMemo(() => ({ reason: dict.items.filter((i) => i.enabled !== false).map((i) => ({ value: String(i.value), label: i.label })) }), [dict.items]);
  useEffect(() => registerParamChoices(choices), [choices]);
}

const EMPTY: ReviewFilterOptions = { merchants: [], products: [] };

/** Merchants and products of the account's scope, for the queue filters. */
export function useReviewOptions(): ReviewFilterOptions {
  return useRemote((signal) => reviewApi.filterOptions({ silent: true, signal }), []).data ?? EMPTY;
}

/** Choices of the merchant and product filters (products of the chosen merchant only). */
export function merchantProductChoices(options: ReviewFilterOptions, merchantId: unknown) {
  const m = merchantId === undefined || merchantId === null || merchantId === '' ? null : Number(merchantId);
  const names = new Map(options.merchants.map((x) => [x.id, x.name]));
  return {
    merchant_id: options.merchants.map((x) => ({ value: String(x.id), label: `${x.name} (${x.code})` })),
    product_id: options.products.filter((p) => m === null || p.merchant_id === m)
      .map((p) => ({ value: String(p.id), label: m === null && options.merchants.length > 1 ? `${p.name} · ${names.get(p.merchant_id) ?? p.merchant_id}` : p.name })),
  };
}


/**
 * The keyboard flow's "next order" (n): claims the caller's next order of the queue and opens its review details;
 * when the queue has nothing left for them, says so and shows the queue.
 */
export async function openNext(page: StagePage, exclude: number[] = []): Promise<void> {
  // The next order asked for while the reviewer read this one (prefetchNext), when it excluded the same orders;
  // an empty answer then is asked again (orders may have arrived since).
  const ahead = takeNextAhead(page, exclude);
  const next = (ahead && (await ahead.catch(() => null))) || (await reviewApi.next(page, exclude).catch(() => undefined));
  if (next === undefined) return; // the request layer showed why
  if (!next) {
    notify('info', 'review.queue.empty');
    const route = byId.get(`review.${page}`)?.route;
    if (route && window.location.pathname !== route) openPath(route);
    return;
  }
  openReviewDetails(page, next);
}

/**
 * While the reviewer reads an order, the queue's next order (not claimed: `next` only looks) and what its review
 * details will read — the customer, the order, the machine review — are fetched, so that after a decision the next
 * order is on screen without waiting for them. Opening it claims it as before; one taken by someone else meanwhile
 * shows as theirs.
 */
let nextAhead: { page: StagePage; exclude: string; at: number; answer: Promise<NextOrder | null> } | null = null;

export function prefetchNext(page: StagePage, current: number): void {
  const exclude = [current];
  const answer = reviewApi.next(page, exclude, { silent: true });
  nextAhead = { page, exclude: exclude.join(), at: Date.now(), answer };
  void answer.then((n) => {
    if (!n) return;
    api.prefetch(REVIEW_ORDER_DETAIL, { id: n.id });
    api.prefetch(DETAIL_PATH, { customer_id: n.customer_id });
    api.prefetch(BREAKDOWN, { order_id: n.id });
  }, () => undefined);
}

function takeNextAhead(page: StagePage, exclude: number[]): Promise<NextOrder | null> | undefined {
  const a = nextAhead;
  nextAhead = null;
  if (!a || a.page !== page || a.exclude !== exclude.join() || Date.now() - a.at > PREFETCH_TTL_MS) return undefined;
  return a.answer;
}
