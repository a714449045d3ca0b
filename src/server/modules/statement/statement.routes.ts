import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CUSTOMER_DETAIL_PAGES } from '../../../../commands/customer.commands';
import { documentsQuery, statementQuery, STATEMENT_API } from '../../../schemas/statement';
import type { Deps } from '../../deps';
import { loadCustomerDetail } from '../client/customer.service';
import { writeOpLog } from '../log/oplog';
import { loadLoanStatement } from './loanStatement';
import { planDocumentsZip, streamDocumentsZip } from './documentsZip';
import { renderStatementPdf } from './statementPdf';

/** A file name safe in a Content-Disposition header (order numbers and customer codes are ASCII already). */
const safeName = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80);

/**
 * Downloads of the customer detail (docs/statement.md): the loan statement PDF of one order and the customer's
 * documents as a zip. Read with the detail's permission (any of CUSTOMER_DETAIL_PAGES), scoped and masked like it;
 * both are logged in the operation log, since they take personal data out of the console. The session travels in
 * the request headers, so the console fetches these and saves the blob (never a link carrying the token).
 */
export function statementRoutes(app: FastifyInstance, d: Deps): void {
  const read = [...CUSTOMER_DETAIL_PAGES];
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    method: 'GET', url: STATEMENT_API.pdf, schema: { querystring: statementQuery }, config: { permission: read, audit: false },
    handler: async (req, reply) => {
      const s = await loadLoanStatement(d.db, req.actor!, req.query.customer_id, req.query.order_id);
      await writeOpLog(d.db, req, { action: 'customer.statement_pdf', targetType: 'customer', targetId: req.query.customer_id, after: { order_id: s.order.id, order_no: s.order.order_no } });
      const doc = renderStatementPdf(s, req.lang, d.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${safeName(s.order.order_no)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(doc);
    },
  });

  r.route({
    method: 'GET', url: STATEMENT_API.zip, schema: { querystring: documentsQuery }, config: { permission: read, audit: false },
    handler: async (req, reply) => {
      const detail = await loadCustomerDetail(d.db, req.actor!, req.query.customer_id);
      const plan = await planDocumentsZip(d.filesDir, detail.customer, detail.documents, d.now());
      await writeOpLog(d.db, req, {
        action: 'customer.documents_zip', targetType: 'customer', targetId: detail.customer.id,
        after: { files: plan.manifest.files.map((f) => ({ name: f.name, size: f.size })) },
      });
      const zip = streamDocumentsZip(plan);
      zip.on('error', (err) => req.log.error({ err }, 'documents zip'));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="documents-${safeName(detail.customer.code)}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  });
}
