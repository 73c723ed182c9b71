import type { ImageUploadResponse } from '@shared/media/media.schema';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@shared/media/media.schema';
import { uploadFile } from './upload-file';

/** Why this file cannot be uploaded, checked in the browser before sending it; `null` when it can. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Please choose an image file (JPEG, PNG or WebP).';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is too large: it must be 5 MB or smaller.';
  return null;
}

/** POST /api/images (multipart, field `image`): returns the stored image's URL. */
export async function uploadImage(file: File): Promise<string> {
  const uploaded = await uploadFile<ImageUploadResponse>('/images', 'image', file, 'image');
  return uploaded.data.url;
}
