import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../infra/errors';
import { isPublicMediaKey, type MediaStore, type StoredMedia } from '../infra/storage';

/** Media keys are content hashes: a URL's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const KEY = /^[a-z0-9-]+\/[0-9a-f]{24}\.[a-z0-9]+$/;

const unavailable = (err: unknown, log: FastifyBaseLogger) => {
  log.warn({ err }, 'media store unavailable');
  return new AppError('unavailable', 'Images are temporarily unavailable. Please try again.');
};

function send(reply: FastifyReply, file: StoredMedia) {
  reply.header('content-type', file.contentType).header('cache-control', IMMUTABLE);
  if (file.size !== undefined) reply.header('content-length', file.size);
  if (file.etag) reply.header('etag', file.etag);
  if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
  return reply.send(file.body);
}

export interface MediaFilesOptions {
  /** A picture's smaller copy at a width (the media feature's), or undefined when there is no such picture. */
  imageVariant(
    media: MediaStore,
    folder: string,
    hash: string,
    width: number,
  ): Promise<StoredMedia | undefined>;
}

/** Serves the media store read-only at /media/: from disk, or streamed from object storage with the same headers. */
export const mediaFilesPlugin = fp<MediaFilesOptions>(
  async (app, { imageVariant }) => {
    // A picture's smaller copy (`<hash>-400.webp`, for srcset): written on its first request when missing. Any
    // other name falls through to the routes below.
    app.get(
      '/media/:folder/:hash(^[0-9a-f]{24})-:width(^[1-9][0-9]{0,4}).webp',
      { schema: { hide: true } },
      async (req, reply) => {
        const { folder, hash, width } = req.params as { folder: string; hash: string; width: string };
        const file = await imageVariant(app.media, folder, hash, Number(width)).catch((err: unknown) => {
          if (err instanceof AppError) throw err;
          throw unavailable(err, req.log);
        });
        if (!file) throw new AppError('not_found', `Route GET ${req.url} not found`);
        return send(reply, file);
      },
    );
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
              throw unavailable(err, req.log);
            })
          : undefined;
      if (!file) throw new AppError('not_found', `Route GET /media/${key} not found`);
      return send(reply, file);
    });
  },
  { name: 'media-files', dependencies: ['media-store'] },
);
