import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueImportSchema,
  importOptionsSchema,
  importStartedSchema,
  MAX_IMPORT_BYTES,
} from '@shared/catalogue/catalogue-csv.schema';
import { idParamsSchema } from '@shared/common/common.schema';
import { AppError, fieldError } from '../../infra/errors';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { exportCatalogueCsv } from './catalogue-csv.export';
import { startImport, type ImportUpload } from './catalogue-csv.import';
import { getImport } from './catalogue-csv.status';
import type { ImageSource } from './catalogue-csv.rows';
import { RemoteFileError } from '../../infra/remote-file';
import { storedImagePath, storePlaceholderImage, storeRemoteImage } from '../media/media.service';

const tooLarge = () =>
  new AppError('payload_too_large', `file: must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, 'file');

/** Streams the uploaded file to a temporary file (bounded memory), refusing it past the size limit. */
async function receiveCsv(req: FastifyRequest): Promise<ImportUpload> {
  if (!req.isMultipart()) throw fieldError('bad_request', 'file', 'send the CSV as multipart/form-data');
  const file = await req.file().catch(() => undefined);
  if (!file || file.fieldname !== 'file') throw fieldError('bad_request', 'file', 'a CSV file is required');
  const target = path.join(os.tmpdir(), `catalogue-import-${randomUUID()}.csv`);
  try {
    await pipeline(file.file, createWriteStream(target));
  } catch (err) {
    await rm(target, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw fieldError('bad_request', 'file', 'the upload could not be read');
  }
  if (file.file.truncated) {
    await rm(target, { force: true });
    throw tooLarge();
  }
  return {
    file: target,
    fileName: file.filename.slice(0, 200) || 'catalogue.csv',
    size: file.file.bytesRead,
  };
}

export const catalogueCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/catalogue/export.csv',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['catalogue'],
        summary: 'The whole catalogue as CSV (admin): UTF-8 with BOM, one column per spec with its unit',
        produces: ['text/csv'],
      },
    },
    async (_req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(await exportCatalogueCsv(app.database.db));
    },
  );

  app.post(
    '/catalogue/imports',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['catalogue'],
        summary:
          'Import a catalogue CSV (admin, multipart field "file"): upserts by SKU in the background; poll the import',
        consumes: ['multipart/form-data'],
        querystring: importOptionsSchema,
        response: { 202: importStartedSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (req, reply) => {
      const upload = await receiveCsv(req);
      let placeholder: Promise<string> | undefined;
      const deps = {
        db: app.database.db,
        kind: app.database.kind,
        log: req.log,
        changed: () => app.readCache.changed('catalogue'),
        notify: {
          mailer: app.mailer,
          shopName: app.config.shop.name,
          baseUrl: app.config.baseUrl,
          staffEmails: app.config.staffEmails,
        },
        resolveImage: async (source: ImageSource) => {
          // Drawn and stored once per import, however many rows lack an image.
          if ('placeholder' in source) return (placeholder ??= storePlaceholderImage(app.media));
          if ('url' in source) return storeRemoteImage(app.media, app.fetchRemote, source.url);
          const path = await storedImagePath(app.media, source.name);
          if (!path)
            throw new RemoteFileError(
              `no stored image is named ${source.name}: upload it first, or give its URL`,
            );
          return path;
        },
      };
      const importId = await startImport(deps, currentUser(req), upload, req.query).catch(
        async (err: unknown) => {
          await rm(upload.file, { force: true });
          throw err;
        },
      );
      return reply.code(202).send({ acknowledged: true as const, importId });
    },
  );

  app.get(
    '/catalogue/imports/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['catalogue'],
        summary: "An import's progress, counts and report of bad rows (admin)",
        params: idParamsSchema,
        response: { 200: catalogueImportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) =>
      getImport(app.database.db, app.database.kind, req.params.id, {
        mailer: app.mailer,
        shopName: app.config.shop.name,
        baseUrl: app.config.baseUrl,
        staffEmails: app.config.staffEmails,
      }),
  );
};
