import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError } from '../infra/errors';
import { isPublicMediaKey } from '../infra/storage';

/** Media keys are content hashes: a URL's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const KEY = /^[a-z0-9-]+\/[0-9a-f]{24}\.[a-z0-9]+$/;

/** Serves the media store read-only at /media/: from disk, or streamed from object storage with the same headers. */
export const mediaFilesPlugin = fp(
  async (app) => {
    const { dir } = app.media;
    if (dir) {
      await app.register(fastifyStatic, {
        root: dir,
        prefix: '/media/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
        // Customers' certificates are in the store too; only their own routes serve them.
        allowedPath: (pathName) => isPublicMediaKey(pathName),
      });
      return;
    }
    app.get('/media/*', { schema: { hide: true } }, async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const file =
        KEY.test(key) && isPublicMediaKey(key)
          ? await app.media.get(key).catch((err: unknown) => {
              req.log.warn({ err }, 'media store unavailable');
              throw new AppError('unavailable', 'Images are temporarily unavailable. Please try again.');
            })
          : undefined;
      if (!file) throw new AppError('not_found', `Route GET /media/${key} not found`);
      reply.header('content-type', file.contentType).header('cache-control', IMMUTABLE);
      if (file.size !== undefined) reply.header('content-length', file.size);
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      return reply.send(file.body);
    });
  },
  { name: 'media-files', dependencies: ['media-store'] },
);
