import { z } from 'zod';

import { pageHeaders } from './paging';

export { pageHeaders, pageSizes } from './paging';

/**
 * `GET /api/order` and `GET /api/user` without `limit` answer this many items: clients written for the
 * unpaged API keep getting every order and user of a shop up to this size, and a bigger shop cannot make one call
 * answer megabytes. The dashboard pages ask for small pages.
 */
export const SPEC_LIST_DEFAULT_LIMIT = 1000;
export const MAX_PAGE_LIMIT = 1000;

export const limitParam = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_PAGE_LIMIT, { error: `must be at most ${MAX_PAGE_LIMIT}` })
    .default(fallback);

export const cursorParam = z
  .string()
  .max(600, { error: 'is not a cursor this API returned' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this API returned' })
  .optional()
  .describe(`the ${pageHeaders.nextCursor} header of the previous page`);

export const boolParam = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

/** Free text typed into a list's search box. */
export const searchParam = z
  .string()
  .trim()
  .max(200, { error: 'must be at most 200 characters' })
  .optional()
  .transform((v) => v || undefined);

export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}
