import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Serves the media store read-only at /media/. */
export const mediaFilesPlugin = fp(
  async (app) => {
    await app.register(fastifyStatic, {
      root: app.media.dir,
      prefix: '/media/',
      decorateReply: false,
      // Media keys are content hashes: a URL's bytes never change.
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  },
  { name: 'media-files', dependencies: ['media-store'] },
);
