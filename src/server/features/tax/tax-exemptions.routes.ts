import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { usStateCodes } from '@shared/common/us-states';
import { taxExemptionsContract as calls } from '@shared/tax/tax-exemptions.contract';
import { MAX_EXEMPTION_BYTES, MAX_EXEMPTION_MB } from '@shared/tax/tax-exemptions.schema';
import { currentUser } from '../../http/auth-guard';
import { contractRoute } from '../../http/contract-route';
import { pagedListDescription } from '../../http/openapi';
import { AppError, fieldError } from '../../infra/errors';
import { sendPage } from '../../infra/keyset';
import { pdfDisposition } from '../media/media.service';
import {
  decideExemption,
  listCustomerExemptions,
  listExemptions,
  openExemptionFile,
  uploadExemption,
  type ExemptionDeps,
} from './tax-exemptions.service';

const tags = ['tax'];
/** number, expiresOn and one `states` field per state at most. */
const MAX_FIELDS = 2 + usStateCodes.length;

/** The multipart body: the PDF in `file` and the text fields beside it, in any order. */
async function receiveUpload(req: FastifyRequest) {
  if (!req.isMultipart())
    throw fieldError('bad_request', 'file', 'send the certificate as multipart/form-data');
  const fields: Record<string, string[]> = {};
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw fieldError('bad_request', 'file', 'send one PDF in the field "file"');
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else {
        (fields[part.fieldname] ??= []).push(String(part.value));
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `file: must be at most ${MAX_EXEMPTION_MB} MB`, 'file');
    throw fieldError('bad_request', 'file', 'the upload could not be read');
  }
  if (!file) throw fieldError('bad_request', 'file', 'a PDF file is required');
  return { ...file, fields };
}

/** Customers' sales tax exemption certificates and the admins' review (docs/decisions/037-shipping-and-tax.md). */
export const taxExemptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_EXEMPTION_BYTES,
      files: 1,
      fields: MAX_FIELDS,
      fieldSize: 1000,
      parts: MAX_FIELDS + 1,
    },
  });
  const deps: ExemptionDeps = {
    db: app.database.db,
    media: app.media,
    staff: {
      mailer: app.mailer,
      shopName: app.config.shop.name,
      baseUrl: app.config.baseUrl,
      staffEmails: app.config.staffEmails,
    },
  };

  app.route({
    ...contractRoute(calls.upload, {
      tags,
      summary: `Upload an exemption certificate (the customer or an admin; multipart: "file", a PDF of at most ${MAX_EXEMPTION_MB} MB, "number", "states" (repeated or comma-separated US state codes) and "expiresOn", after today); pending until an admin decides, staff are mailed`,
      consumes: ['multipart/form-data'],
      errors: [400, 401, 403, 404, 409, 413],
    }),
    config: { auth: 'user', selfOrAdmin: 'email' },
    handler: async (req, reply) =>
      reply.code(201).send(await uploadExemption(deps, req.params.email, await receiveUpload(req))),
  });

  app.route({
    ...contractRoute(calls.mine, {
      tags,
      summary:
        "A customer's exemption certificates (the customer or an admin), newest first, a page at a time",
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', selfOrAdmin: 'email' },
    handler: async (req, reply) =>
      sendPage(req, reply, await listCustomerExemptions(deps.db, req.params.email, req.query)),
  });

  app.route({
    ...contractRoute(calls.list, {
      tags,
      summary:
        "Every customer's exemption certificates, of one status or all (admin), newest first, a page at a time",
      description: pagedListDescription,
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin' },
    handler: async (req, reply) => sendPage(req, reply, await listExemptions(deps.db, req.query)),
  });

  app.route({
    ...contractRoute(calls.decide, {
      tags,
      summary:
        'Approve or reject (with a reason) a pending exemption certificate (admin); audited, the customer is mailed; 409 once decided',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'admin' },
    handler: async (req) => decideExemption(deps, currentUser(req), req.params.id, req.body),
  });

  app.get(
    '/tax-exemptions/:id/file',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A certificate's PDF (its customer or an admin)",
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { file, fileName } = await openExemptionFile(deps, currentUser(req), req.params.id);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', pdfDisposition('inline', fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
