import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { currentUser } from '../../http/auth-guard';
import { INVOICE_PDF, invoiceAttachment, invoicePdf } from './invoices.service';

/**
 * Invoices' and credit notes' PDFs. Issuing happens inside the orders' payment and refund transactions (orders calls
 * this feature's service); lists per order live with the order routes. The mail job attaches PDFs from here too.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.mailAttachments.define(INVOICE_PDF, (id) => invoiceAttachment(db, id));

  app.get(
    '/invoices/:id/pdf',
    {
      config: { auth: 'user', apiScope: 'invoices:read' },
      schema: {
        tags: ['invoices'],
        summary: 'Download an invoice or credit note as a PDF (its buyer or an admin); named by its number',
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const file = await invoicePdf(db, currentUser(req), req.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
};
