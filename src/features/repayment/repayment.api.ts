import { REPAYMENT_STAFF_API } from '../../../commands/repayment.commands';
import { api } from '../../app/api/request';
import { REPAYMENT_API, type OrderMoney } from '../../schemas/repayment';

/** Calls of the repayment screens besides their lists and the registry's actions. */

export type OrderLookup = OrderMoney & { customer_name: string | null; phone: string | null; merchant_id: number; merchant_name: string | null; open: boolean };

export interface StaffOptions {
  merchants: Array<{ id: number; name: string; code: string; currency: string }>;
  channels: Array<{ id: number; name: string; code: string }>;
}

export interface ProofRow {
  id: number;
  repayment_id: number | null;
  file_url: string;
  proof_type: string;
  result: string;
  uploader_id: number | null;
  uploader_name: string | null;
  created_at: string;
}

/** The order with this number in the account's merchants, or null. */
export const lookupOrder = (orderNo: string, signal?: AbortSignal) =>
  api.get<OrderLookup | null>(REPAYMENT_STAFF_API.orderLookup, { order_no: orderNo }, { signal });

export const getStaffOptions = (signal?: AbortSignal) => api.get<StaffOptions>(REPAYMENT_STAFF_API.options, undefined, { silent: true, signal });

export const getProofs = (repaymentId: number, signal?: AbortSignal) =>
  api.get<ProofRow[]>(REPAYMENT_API.proofList, { repayment_id: repaymentId }, { silent: true, signal });

/** Uploads a voucher image (multipart: proof_type before the file); resolves with its id and url. */
export async function uploadProof(file: File, proofType: string): Promise<{ id: number; file_url: string }> {
  const form = new FormData();
  form.append('proof_type', proofType);
  form.append('file', file, file.name);
  return api.post<{ id: number; file_url: string }>(REPAYMENT_API.proofUpload, form);
}
