import type { ErrorBody } from '@shared/common/common.schema';
import { ApiError } from './api-client';

/**
 * POSTs one file as multipart/form-data (the browser sets the boundary) to an /api path, after any text `fields`
 * (an array repeats its name); the server's error body becomes an ApiError naming its field, like api() does for
 * JSON calls.
 */
export async function uploadFile<T>(
  path: string,
  field: string,
  file: File,
  what = 'file',
  fields: Record<string, string | readonly string[]> = {},
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of [value].flat()) form.append(name, item);
  form.append(field, file);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
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
      err?.message ?? `The ${what} could not be uploaded (${res.status}). Please try again.`,
      err?.field,
    );
  }
  return body as T;
}
