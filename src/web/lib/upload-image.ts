import type { ErrorBody } from '@shared/common/common.schema';
import type { ImageUploadResponse } from '@shared/media/media.schema';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@shared/media/media.schema';
import { ApiError } from './api-client';

/** Why this file cannot be uploaded, checked in the browser before sending it; `null` when it can. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Please choose an image file (JPEG, PNG or WebP).';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is too large: it must be 5 MB or smaller.';
  return null;
}

/**
 * POST /api/images (multipart, field `image`): returns the stored image's URL.
 * Not through api(): the browser must set the multipart content type itself.
 */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  let res: Response;
  try {
    res = await fetch('/api/images', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'network', 'We could not reach the shop. Check your connection and try again.');
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const err = body as Partial<ErrorBody> | undefined;
    throw new ApiError(
      res.status,
      err?.error ?? 'unknown',
      err?.message ?? `The image could not be uploaded (${res.status}). Please try again.`,
    );
  }
  return (body as ImageUploadResponse).data.url;
}
