import { api, type RequestOptions } from '../../app/api/request';
import type { NextOrder, ReviewFilterOptions, ReviewOrderDetail, StagePage } from '../../schemas/review';

/** Calls of the review screens that are not registry commands (reads, and the keyboard flow's next order). */
export const REVIEW_ORDER_DETAIL = '/loanapi/review/order_detail';

export const reviewApi = {
  orderDetail: (id: number, opts?: RequestOptions) => api.get<ReviewOrderDetail>(REVIEW_ORDER_DETAIL, { id }, opts),
  /** The order detail fetched ahead (prefetchNext), when it has arrived. */
  orderDetailArrived: (id: number) => api.arrived<ReviewOrderDetail>(REVIEW_ORDER_DETAIL, { id }),
  filterOptions: (opts?: RequestOptions) => api.get<ReviewFilterOptions>('/loanapi/review/filter_options', undefined, opts),
  /** The next order of a stage queue for the caller (not claimed: opening it claims it); null when none is left. */
  next: (page: StagePage, exclude: number[] = [], opts?: RequestOptions) => api.post<NextOrder | null>(`/loanapi/review/${page}/next`, { exclude }, opts),
  /** Claims an order as it is opened (the version shown); quiet: the panel shows the holder afterwards. */
  claim: (page: StagePage, id: number, version: string) => api.post<unknown>(`/loanapi/review/${page}/claim`, { id, version }, { silent: true }),
};
