import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** API answers are compressed on the fly (cheap settings); built assets come pre-compressed from the build. */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
