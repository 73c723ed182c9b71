import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { MAX_PROOF_BYTES, machineSchema } from '@shared/equipment/equipment.schema';
import { currentUser } from '../../http/auth-guard';
import { errorResponses } from '../../http/openapi';
import { AppError, fieldError } from '../../infra/errors';
import { pdfDisposition } from '../media/media.service';
import { openProof, uploadProof } from './equipment.proof';

const tags = ['equipment'];

/** The one file in the multipart field `file`. */
async function receiveFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw fieldError('bad_request', 'file', 'send the file as multipart/form-data');
  try {
    const file = await req.file();
    if (!file || file.fieldname !== 'file') throw fieldError('bad_request', 'file', 'a file is required');
    return { bytes: await file.toBuffer(), fileName: file.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('bad_request', 'file', 'must be at most 10 MB');
    throw fieldError('bad_request', 'file', 'the upload could not be read');
  }
}

/** A machine's proof of purchase as an uploaded file (decision 064, addendum), kept private to who sees the machine. */
export const equipmentProofRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_PROOF_BYTES, files: 1, fields: 0, parts: 1 } });
  const deps = { db: app.database.db, media: app.media };

  app.post(
    '/equipment/machines/:id/proof',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'Upload the proof of purchase (multipart "file": a PDF of at most 10 MB, or a JPEG, PNG or WebP image of at most 5 MB); replaces any before',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: machineSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => uploadProof(deps, currentUser(req), req.params.id, await receiveFile(req)),
  );

  app.get(
    '/equipment/machines/:id/proof',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The machine's uploaded proof of purchase (whoever sees the machine)",
        params: idParamsSchema,
        produces: ['application/pdf', 'image/webp'],
      },
    },
    async (req, reply) => {
      const { file, fileName, type } = await openProof(deps, currentUser(req), req.params.id);
      reply
        .header('content-type', type)
        .header('content-disposition', pdfDisposition('inline', fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
