import path from 'node:path';
import fp from 'fastify-plugin';
import type { AppConfig } from './config';
import { localMediaStore, type MediaStore } from './storage';

// Apart from storage.ts, which the S3 store imports for the interface and keys: choosing a store loads that one.

/** The configured store: S3-compatible object storage when S3_BUCKET is set, else `DATA_DIR/media`. */
export async function createMediaStore(config: Pick<AppConfig, 's3' | 'dataDir'>): Promise<MediaStore> {
  if (!config.s3) return localMediaStore(path.join(config.dataDir, 'media'));
  // The SDK is loaded only by shops that use it.
  const { s3MediaStore } = await import('./storage-s3');
  return s3MediaStore(config.s3);
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStore;
  }
}

/** `app.media`: uploaded and seeded images, in DATA_DIR/media or an S3 bucket (served by the media-files plugin). */
export const mediaStorePlugin = fp(
  async (app) => {
    app.decorate('media', await createMediaStore(app.config));
  },
  { name: 'media-store', dependencies: ['config'] },
);
