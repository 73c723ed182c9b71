import { Readable } from 'node:stream';
import sharp from 'sharp';
import { IMAGE_WIDTHS, isImageWidth, type ImageWidth } from '@shared/media/responsive-image';
import { fieldError } from '../../infra/errors';
import type { MediaStore, StoredMedia } from '../../infra/storage';

/** The folders whose pictures have smaller copies (the shared `srcset` helper names the same two). */
export const VARIANT_FOLDERS = new Set(['uploads', 'products']);

const variantKey = (folder: string, hash: string, width: ImageWidth) => `${folder}/${hash}-${width}.webp`;

async function resized(original: Buffer, width: ImageWidth): Promise<Buffer> {
  return sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
}

/** Writes a stored picture's smaller copies (at upload, so the first visitors need not wait for them). */
export async function storeImageVariants(media: MediaStore, url: string, webp: Buffer): Promise<void> {
  const match = /^\/media\/([a-z0-9-]+)\/([0-9a-f]{24})\.webp$/.exec(url);
  if (!match || !VARIANT_FOLDERS.has(match[1]!)) return;
  const [, folder, hash] = match;
  await Promise.all(
    IMAGE_WIDTHS.map(async (w) => media.putDerived(variantKey(folder!, hash!, w), await resized(webp, w))),
  );
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// One resize per copy at a time, however many visitors ask for it before it is written.
const pending = new Map<string, Promise<Buffer | undefined>>();

async function createVariant(media: MediaStore, folder: string, hash: string, width: ImageWidth) {
  const original = await media.get(`${folder}/${hash}.webp`);
  if (!original) return undefined;
  const bytes = await resized(await readAll(original.body), width);
  await media.putDerived(variantKey(folder, hash, width), bytes);
  return bytes;
}

/**
 * A picture's copy at a width, written from the original on its first request (pictures stored before copies
 * existed have none). Undefined when there is no such picture; a width not offered is refused by name.
 */
export async function imageVariant(
  media: MediaStore,
  folder: string,
  hash: string,
  width: number,
): Promise<StoredMedia | undefined> {
  if (!isImageWidth(width)) {
    throw fieldError('bad_request', 'width', `must be one of ${IMAGE_WIDTHS.join(', ')}`);
  }
  if (!VARIANT_FOLDERS.has(folder)) return undefined;
  const key = variantKey(folder, hash, width);
  const stored = await media.get(key);
  if (stored) return stored;
  let job = pending.get(key);
  if (!job) {
    job = createVariant(media, folder, hash, width).finally(() => pending.delete(key));
    pending.set(key, job);
  }
  const bytes = await job;
  if (!bytes) return undefined;
  return {
    body: Readable.from(bytes),
    contentType: 'image/webp',
    size: bytes.length,
    etag: undefined,
    lastModified: undefined,
  };
}
