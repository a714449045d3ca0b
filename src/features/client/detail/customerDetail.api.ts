import { byId } from '../../../../commands';
import { api, type RequestOptions } from '../../../app/api/request';
import { callApi } from '../../../app/commands';
import type { ListResult } from '../../../schemas/common';
import type { CallInfo, CallTarget, CommentRow, CustomerDetail, EditFieldBody, EditFieldResult, Paged, RecordKind } from '../../../schemas/customer';

/** The customer-detail view's calls (routes in src/server/modules/client/customer*.routes.ts). */
export const DETAIL_PATH = '/loanapi/customer/detail';
export const RECORDS_PATH = '/loanapi/customer/records';
export const CALL_LOG_PATH = '/loanapi/customer/call_log';
export const COMMENT_LIST_PATH = '/loanapi/customer_comment/all_list';

function commandCall(id: string) {
  const call = byId.get(id)?.api;
  if (!call) throw new Error(`command ${id} has no api`);
  return call;
}

export const customerApi = {
  detail: (customerId: number, opts?: RequestOptions) => api.get<CustomerDetail>(DETAIL_PATH, { customer_id: customerId }, opts),
  /** The detail fetched ahead (the review's next order), when it has arrived. */
  detailArrived: (customerId: number) => api.arrived<CustomerDetail>(DETAIL_PATH, { customer_id: customerId }),
  records: <T>(customerId: number, kind: RecordKind, cursor: string, opts?: RequestOptions) =>
    api.get<Paged<T>>(RECORDS_PATH, { customer_id: customerId, kind, cursor }, opts),
  comments: (customerId: number, essence: boolean, opts?: RequestOptions) =>
    api.post<ListResult<CommentRow>>(COMMENT_LIST_PATH, { customer_id: customerId, page: 1, page_size: 200, ...(essence ? { essence: true } : {}) }, opts),
  callLog: (body: { customer_id: number; target: CallTarget; contact_id?: number }) => api.post<CallInfo>(CALL_LOG_PATH, body),
  /** Spec §7 customer edit_field: the data and the server's msg (the field editor shows it). */
  editField: (body: EditFieldBody) => callApi<EditFieldResult>(commandCall('customer.editField'), body),
  /** An author deleting their own comment without the "delete any comment" node (the route accepts both). */
  deleteOwnComment: (id: number) => callApi<{ id: number }>(commandCall('customer.comment.del'), { id }),
};
