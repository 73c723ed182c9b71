import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@shared/media/media.schema';
import { RemoteFileError, type RemoteFetcher } from '../../infra/remote-file';
import { AppError, fieldError } from '../../infra/errors';
import type { MediaStore } from '../../infra/storage';
import { storeImageVariants } from './media-variants';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;

const notAnImage = () => fieldError('bad_request', 'image', 'must be a JPEG, PNG or WebP image');

/**
 * Stores an uploaded image as WebP: the bytes decide what it is (not its name or type header), anything but a
 * whole JPEG/PNG/WebP is refused, metadata (EXIF, GPS) is dropped, and huge or decompression-bomb images are refused.
 */
export async function storeImage(media: MediaStore, bytes: Buffer, folder = 'uploads'): Promise<string> {
  let webp: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw notAnImage();
    webp = await image
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notAnImage();
  }
  const url = await media.put(folder, webp, 'webp');
  await storeImageVariants(media, url, webp);
  return url;
}

/** How long fetching an image named by URL may take, whole. */
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;

/**
 * Brings in an image an admin named by URL, with an upload's checks: at most 5 MB, the bytes decide the type,
 * stored as WebP; private addresses are refused by the fetcher. Throws a RemoteFileError saying why not.
 */
export async function storeRemoteImage(
  media: MediaStore,
  fetch: RemoteFetcher,
  url: string,
): Promise<string> {
  const bytes = await fetch(url, { maxBytes: MAX_IMAGE_BYTES, timeoutMs: REMOTE_IMAGE_TIMEOUT_MS });
  try {
    return await storeImage(media, bytes);
  } catch (err) {
    if (err instanceof AppError) throw new RemoteFileError('is not a JPEG, PNG or WebP image');
    throw err;
  }
}

/** The URL path of a stored image by its file name (an upload's, then a seeded product's), or undefined. */
export async function storedImagePath(media: MediaStore, name: string): Promise<string | undefined> {
  for (const folder of ['uploads', 'products']) {
    const file = await media.get(`${folder}/${name}`);
    if (file) {
      file.body.destroy();
      return `/media/${folder}/${name}`;
    }
  }
  return undefined;
}

/**
 * The picture a product shows until it has its own (a CSV row of a new product without an image): a grey frame
 * with a landscape icon, drawn here rather than shipped as a file, stored like any product image. The store is
 * content-addressed, so every such product shares one file.
 */
export async function storePlaceholderImage(media: MediaStore): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#e5e7eb"/>
<rect x="220" y="250" width="360" height="300" rx="24" fill="none" stroke="#9ca3af" stroke-width="24"/>
<circle cx="320" cy="340" r="36" fill="#9ca3af"/>
<path d="M244 526 L380 400 L460 470 L510 430 L556 526 Z" fill="#9ca3af"/>
</svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  return media.put('products', webp, 'webp');
}

/** PDFs (datasheets, exemption certificates): checked by their bytes, named safely, served with their name. */
export { assertPdf, pdfDisposition, safeFileName } from './media.pdf';
