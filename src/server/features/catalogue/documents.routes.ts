import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentIdParamsSchema,
  documentParamsSchema,
  documentUploadQuerySchema,
  MAX_DOCUMENT_BYTES,
  productDocumentListSchema,
  productDocumentSchema,
} from '@shared/catalogue/documents.schema';
import { idParamsSchema } from '@shared/common/common.schema';
import { AppError, fieldError } from '../../infra/errors';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { addDocument, listDocuments, openDocument, removeDocument } from './documents.service';

async function receivePdf(req: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!req.isMultipart()) throw fieldError('bad_request', 'file', 'send the PDF as multipart/form-data');
  try {
    const file = await req.file();
    if (!file || file.fieldname !== 'file') throw fieldError('bad_request', 'file', 'a PDF file is required');
    return { bytes: await file.toBuffer(), fileName: file.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', 'file: must be at most 20 MB', 'file');
    throw fieldError('bad_request', 'file', 'the upload could not be read');
  }
}

/** Datasheets, manuals and certificates of a product: PDFs in the media store, downloaded as attachments. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 0, parts: 1 } });
  const deps = { db: app.database.db, media: app.media };

  app.get(
    '/catalogue/products/:id/documents',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A product's documents (everyone), oldest first",
        params: idParamsSchema,
        response: { 200: productDocumentListSchema, ...errorResponses(400, 404) },
      },
    },
    (req) => listDocuments(app.database.db, req.params.id),
  );

  app.post(
    '/catalogue/products/:id/documents',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['catalogue'],
        summary: 'Attach a PDF (admin; multipart field "file", at most 20 MB; the bytes must be a PDF)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        querystring: documentUploadQuerySchema,
        response: { 201: productDocumentSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (req, reply) => {
      const upload = await receivePdf(req);
      const doc = await addDocument(deps, currentUser(req), req.params.id, { ...upload, ...req.query });
      return reply.code(201).send(doc);
    },
  );

  app.delete(
    '/catalogue/products/:id/documents/:documentId',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['catalogue'],
        summary: 'Remove a document from a product (admin)',
        params: documentParamsSchema,
        response: { 200: z.object({ acknowledged: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await removeDocument(app.database.db, currentUser(req), req.params.id, req.params.documentId);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/catalogue/documents/:documentId/download',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Download a document (everyone): the PDF as an attachment with its file name',
        params: documentIdParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { file, fileName } = await openDocument(deps, req.params.documentId);
      // The quoted name is ASCII for old clients; filename* carries the exact UTF-8 name.
      const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
