import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file, streamed back to a client. */
export interface StoredMedia {
  body: Readable;
  contentType: string;
  size: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** Where uploaded and seeded images live; served read-only at /media. Keys are content-addressed, so URLs never change meaning. */
export interface MediaStore {
  /** The local folder, served from disk; absent when the files live in object storage. */
  dir?: string;
  /** Stores bytes under `<folder>/<sha256 prefix>.<ext>` and returns the public URL path. */
  put(folder: string, bytes: Buffer, ext: string): Promise<string>;
  /** Reads a key (`<folder>/<name>`) back; undefined when there is no such file. */
  get(key: string): Promise<StoredMedia | undefined>;
  /**
   * Stores bytes under a key derived from another file's (a picture's smaller copy, `<hash>-400.webp`): the
   * caller vouches that the same key always gets the same bytes, so a second write is harmless.
   */
  putDerived(key: string, bytes: Buffer): Promise<void>;
}

/**
 * Folders of the media store that /media never serves: customers' own files (tax exemption certificates, a machine's
 * proof of purchase), which only their routes hand out, to their owner or an admin.
 */
export const PRIVATE_MEDIA_FOLDERS: readonly string[] = ['tax-exemptions', 'warranty-proofs'];

/** Whether /media may serve a key (or a URL path below /media/): none with a private folder in it, however spelled. */
export function isPublicMediaKey(key: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    return false;
  }
  return !decoded.split(/[\\/]/).some((part) => PRIVATE_MEDIA_FOLDERS.includes(part.toLowerCase()));
}

export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** The content-addressed key of some bytes: the same bytes always land at the same URL. */
export function mediaKey(folder: string, bytes: Buffer, ext: string): string {
  return `${folder}/${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${ext}`;
}

export function localMediaStore(dir: string): MediaStore {
  return {
    dir,
    async put(folder, bytes, ext) {
      const key = mediaKey(folder, bytes, ext);
      const target = path.join(dir, key);
      await mkdir(path.dirname(target), { recursive: true });
      const exists = await access(target).then(
        () => true,
        () => false,
      );
      if (!exists) await writeFile(target, bytes);
      return `/media/${key}`;
    },
    async putDerived(key, bytes) {
      const target = path.join(dir, key);
      if (!target.startsWith(dir + path.sep)) throw new Error(`media key outside the store: ${key}`);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed: a request served while another writes the file never reads half of it.
      const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
    async get(key) {
      const file = path.join(dir, key);
      if (!file.startsWith(dir + path.sep)) return undefined;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return {
        body: createReadStream(file),
        contentType: MEDIA_CONTENT_TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream',
        size: info.size,
        etag: undefined,
        lastModified: info.mtime,
      };
    },
  };
}
