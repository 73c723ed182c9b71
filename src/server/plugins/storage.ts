import { createHash } from 'node:crypto';
import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';

/** Where uploaded and seeded images live; served read-only at /media. Keys are content-addressed, so URLs never change meaning. */
export interface MediaStore {
  dir: string;
  /** Stores bytes under `<folder>/<sha256 prefix>.<ext>` and returns the public URL path. */
  put(folder: string, bytes: Buffer, ext: string): Promise<string>;
}

export function localMediaStore(dir: string): MediaStore {
  return {
    dir,
    async put(folder, bytes, ext) {
      const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${ext}`;
      const target = path.join(dir, folder, name);
      await mkdir(path.dirname(target), { recursive: true });
      const exists = await access(target).then(
        () => true,
        () => false,
      );
      if (!exists) await writeFile(target, bytes);
      return `/media/${folder}/${name}`;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStore;
  }
}

/** `app.media`: uploaded and seeded images under DATA_DIR/media (served by the media-files plugin). */
export const mediaStorePlugin = fp(
  async (app) => {
    app.decorate('media', localMediaStore(path.join(app.config.dataDir, 'media')));
  },
  { name: 'media-store', dependencies: ['config'] },
);
