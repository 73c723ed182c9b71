import sharp from 'sharp';
import { AppError, fieldError } from '../../infra/errors';
import type { MediaStore } from '../../infra/storage';

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
  return media.put(folder, webp, 'webp');
}
