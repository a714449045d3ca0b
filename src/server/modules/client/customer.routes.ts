import type { FastifyInstance } from 'fastify';
import { CUSTOMER_DETAIL_PAGES, CUSTOMER_NODES } from '../../../../commands/customer.commands';
import { CODE } from '../../../schemas/common';
import { callLogBody, customerDetailQuery, customerRecordsQuery, editFieldBody, riskReportRefreshBody, type CallInfo, type EditFieldResult } from '../../../schemas/customer';
import type { Deps } from '../../deps';
import { AppError, badRequest } from '../../errors';
import { route } from '../../http';
import { translate } from '../../i18n';
import { writeOpLog } from '../log/oplog';
import { customerCall } from './client.table';
import { refreshReports } from './riskReport';
import {
  applyFieldEdit, callTarget, fieldOut, findCustomer, FieldValueError, loadCustomerDetail, pageRecords, phoneOut,
} from './customer.service';

/** A number a sip: link can dial: digits with an optional leading +, separators dropped; '' if not one. */
export function dialable(raw: string): string {
  const v = raw.trim().replace(/[\s().-]/g, '');
  return /^\+?\d{3,20}$/.test(v) ? v : '';
}

/**
 * The customer-detail view (spec §2 /example/orderDetails, /details/reviewDetails), its field editor (spec §7
 * `customer edit_field`) and the call dialog's log. The view is opened from many lists, so reading it takes any
 * of CUSTOMER_DETAIL_PAGES; every answer is scoped to the account's merchants and masked for privacy protection.
 */
export function customerRoutes(app: FastifyInstance, d: Deps): void {
  const read = [...CUSTOMER_DETAIL_PAGES];

  route(app, { method: 'GET', url: '/loanapi/customer/detail', permission: read, query: customerDetailQuery }, async ({ req, query }) => {
    return loadCustomerDetail(d.db, req.actor!, query.customer_id);
  });

  /** Further pages of the large child lists (phone book, SMS, calls, apps, locations). */
  route(app, { method: 'GET', url: '/loanapi/customer/records', permission: read, query: customerRecordsQuery }, async ({ req, query }) => {
    const c = await findCustomer(d.db, req.actor!, query.customer_id);
    return pageRecords(d.db, req.actor!, query.kind, c.id, { cursor: query.cursor, size: query.size });
  });

  /** The report sections' refresh: fetches the risk and multi-lender reports again from the risk provider. */
  route(app, { method: 'POST', url: '/loanapi/customer/risk_report/refresh', permission: CUSTOMER_NODES.riskReport, body: riskReportRefreshBody },
    ({ req, body }) => refreshReports(d.db, req.actor!, req, body.customer_id, d.now()));

  route(app, {
    method: 'POST', url: '/loanapi/customer/edit_field', permission: CUSTOMER_NODES.editField, body: editFieldBody, okMessage: 'customer.edit.saved',
  }, async ({ req, body }): Promise<EditFieldResult> => {
    const actor = req.actor!;
    try {
      const change = await d.db.transaction(async (tx) => {
        const ch = await applyFieldEdit(tx, actor, body, d.now());
        await writeOpLog(tx, req, {
          action: 'customer.edit_field', targetType: 'customer', targetId: body.customer_id,
          before: { [ch.field]: ch.before }, after: { [ch.field]: ch.after },
        });
        return ch;
      });
      return { field_name: change.field, field_value: fieldOut(actor, change.field, change.after) };
    } catch (e) {
      if (e instanceof FieldValueError) {
        throw new AppError(CODE.VALIDATION, 'error.customerFieldInvalid', {
          field: translate(req.lang, `customer.field.${e.field}`), reason: translate(req.lang, e.reasonId, e.values),
        });
      }
      throw e;
    }
  });

  /**
   * The call dialog (spec §2, 400×100): logs the call the staff member is about to place (customer_call, direction
   * `staff`, and the operation log) and answers the call info (spec §3) with the softphone link. The link carries the
   * real number, since the softphone has to dial it; the number shown is masked for privacy protection.
   */
  route(app, { method: 'POST', url: '/loanapi/customer/call_log', permission: read, body: callLogBody }, async ({ req, body }): Promise<CallInfo> => {
    const actor = req.actor!;
    return d.db.transaction(async (tx) => {
      const c = await findCustomer(tx, actor, body.customer_id);
      const who = await callTarget(tx, c, body.target, body.contact_id);
      const number = dialable(who.phone);
      if (!number) throw badRequest('error.customerNoPhone');
      const [call] = await tx.insert(customerCall).values({
        customerId: c.id, phone: who.phone, name: who.name.slice(0, 100), direction: 'staff', durationSeconds: 0, calledAt: d.now(),
      }).returning({ id: customerCall.id });
      await writeOpLog(tx, req, {
        action: 'customer.call', targetType: 'customer', targetId: c.id,
        after: { call_id: call.id, target: body.target, contact_id: body.contact_id ?? null, name: who.name, phone: who.phone },
      });
      const shown = phoneOut(actor, number);
      return { phone: shown, a_text: who.name, only_no: String(call.id), url: `sip:${number}`, sip_text: shown };
    });
  });
}
