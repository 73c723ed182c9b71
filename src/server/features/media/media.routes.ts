import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageUploadResponseSchema, MAX_IMAGE_BYTES } from '@shared/media/media.schema';
import { AppError, fieldError } from '../../infra/errors';
import { errorResponses } from '../../http/openapi';
import { storeImage } from './media.service';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 2 } });

  app.post(
    '/images',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['media'],
        summary: 'Upload an image (multipart field "image": JPEG, PNG or WebP, at most 5 MB); stored as WebP',
        consumes: ['multipart/form-data'],
        response: { 200: imageUploadResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      if (!req.isMultipart())
        throw fieldError('bad_request', 'image', 'send the file as multipart/form-data');
      let bytes: Buffer;
      try {
        const file = await req.file();
        if (!file || file.fieldname !== 'image')
          throw fieldError('bad_request', 'image', 'a file is required');
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw fieldError('bad_request', 'image', 'must be at most 5 MB');
        }
        throw fieldError('bad_request', 'image', 'the upload could not be read');
      }
      const url = await storeImage(app.media, bytes);
      return { success: true as const, data: { url } };
    },
  );
};
