import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageKey } from '../../../../commands/permissions';
import { EXTENSION_API, extensionQuery, type ExtensionStatus } from '../../../schemas/extension';
import { defineList, merchantScope } from '../../list/define';
import { moneyValue } from '../../list/values';
import { customer } from '../client/client.table';
import { customersByName, customersByPhone, outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { extension } from './extension.table';

/**
 * The four extension lists, one per screen so that each enforces its own page's permission: every application
 * (ExhibitionPeriodList), passed and paid (ExhibitionPeriodPassedList), rejected (ExhibitionPeriodRejectsList), and
 * the review queue (/review/reviewExhibitionPeriod: under review, oldest first). Merchant scope, masked phones, export.
 */

const orderField = <T>(col: string) => sql<T>`(select o.${sql.identifier(col)} from ${loanOrder} o where o.id = ${outer(extension.orderId)})`;
const accountName = (col: PgColumn) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;
const ordersNumbered = (no: string) => sql`(select o.id from ${loanOrder} o where o.order_no = ${no} or o.external_order_no = ${no})`;

const columns = {
  id: extension.id,
  application_no: extension.applicationNo,
  order_id: extension.orderId,
  order_no: orderField<string>('order_no'),
  order_status: orderField<string>('status'),
  due_date: orderField<string | null>('due_date'),
  extension_count: orderField<number>('extension_count'),
  merchant_id: extension.merchantId,
  merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(extension.merchantId)})`,
  customer_id: extension.customerId,
  customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(extension.customerId)})`,
  phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(extension.customerId)})`,
  currency: orderField<string>('currency'),
  status: extension.status,
  fee_type: extension.feeType,
  fee_setting: extension.feeSetting,
  fee: extension.feeMinor,
  penalty: extension.penaltyMinor,
  time_type: extension.timeType,
  days: extension.days,
  overpayment: extension.overpayment,
  paid_fee: extension.paidFeeMinor,
  start_date: extension.startDate,
  end_date: extension.endDate,
  remark: extension.remark,
  review_remark: extension.reviewRemark,
  applicant: accountName(extension.applicantId),
  reviewer: accountName(extension.reviewerId),
  created_at: extension.createdAt,
  reviewed_at: extension.reviewedAt,
  paid_at: extension.paidAt,
};

export const EXTENSION_PAGES = ['ExhibitionPeriodList', 'ExhibitionPeriodPassedList', 'ExhibitionPeriodRejectsList', 'reviewExhibitionPeriod'] as const;
export type ExtensionPage = (typeof EXTENSION_PAGES)[number];

const PAGES: Record<ExtensionPage, { group: string; statuses: ExtensionStatus[] | null; url: string; defaultSort: 'created_at:desc' | 'created_at:asc' }> = {
  ExhibitionPeriodList: { group: 'exhibition_period', statuses: null, url: EXTENSION_API.list, defaultSort: 'created_at:desc' },
  ExhibitionPeriodPassedList: { group: 'exhibition_period', statuses: ['passed', 'success'], url: EXTENSION_API.passedList, defaultSort: 'created_at:desc' },
  ExhibitionPeriodRejectsList: { group: 'exhibition_period', statuses: ['rejected'], url: EXTENSION_API.rejectsList, defaultSort: 'created_at:desc' },
  reviewExhibitionPeriod: { group: 'review', statuses: ['under_review'], url: EXTENSION_API.reviewList, defaultSort: 'created_at:asc' },
};

export const extensionListUrl = (page: ExtensionPage) => PAGES[page].url;

function extensionList(page: ExtensionPage) {
  const p = PAGES[page];
  return defineList({
    id: `${p.group === 'review' ? 'review' : 'extension'}.${page}`,
    permission: pageKey(p.group, page),
    from: extension,
    columns,
    filters: extensionQuery,
    scope: merchantScope(extension.merchantId),
    where: (f, _actor, ctx) => [
      p.statuses ? inArray(extension.status, p.statuses) : undefined,
      f.status?.length ? inArray(extension.status, f.status) : undefined,
      f.application_no ? eq(extension.applicationNo, f.application_no) : undefined,
      f.order_no ? inArray(extension.orderId, ordersNumbered(f.order_no)) : undefined,
      f.phone ? inArray(extension.customerId, customersByPhone(f.phone)) : undefined,
      f.customer_name ? inArray(extension.customerId, customersByName(f.customer_name)) : undefined,
      f.merchant_id !== undefined ? eq(extension.merchantId, f.merchant_id) : undefined,
      ...dateRange(extension.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
    ],
    sorts: { created_at: extension.createdAt, id: extension.id },
    defaultSort: p.defaultSort,
    mask: { phone: 'phone' },
    exportColumns: [
      { key: 'application_no', title: 'extension.field.application_no' },
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'customer_name', title: 'field.customer_name' },
      { key: 'phone', title: 'field.phone' },
      { key: 'status', title: 'field.status' },
      { key: 'currency', title: 'field.currency' },
      { key: 'fee_type', title: 'extension.field.fee_type' },
      { key: 'fee_setting', title: 'extension.field.fee_setting' },
      { key: 'fee', title: 'extension.field.fee', value: moneyValue('fee') },
      { key: 'penalty', title: 'extension.field.penalty', value: moneyValue('penalty') },
      { key: 'time_type', title: 'extension.field.time_type' },
      { key: 'days', title: 'extension.field.days' },
      { key: 'overpayment', title: 'extension.field.overpayment' },
      { key: 'paid_fee', title: 'extension.field.paid_fee', value: moneyValue('paid_fee') },
      { key: 'start_date', title: 'extension.field.start_date' },
      { key: 'end_date', title: 'extension.field.end_date' },
      { key: 'remark', title: 'field.remark' },
      { key: 'review_remark', title: 'extension.field.review_remark' },
      { key: 'applicant', title: 'extension.field.applicant' },
      { key: 'reviewer', title: 'field.reviewer' },
      { key: 'created_at', title: 'field.created_at' },
      { key: 'reviewed_at', title: 'extension.field.reviewed_at' },
      { key: 'paid_at', title: 'extension.field.paid_at' },
    ],
  });
}

export const EXTENSION_LISTS = Object.fromEntries(EXTENSION_PAGES.map((p) => [p, extensionList(p)])) as Record<ExtensionPage, ReturnType<typeof extensionList>>;
