import { pageHeaders } from '@shared/common/paging';
import { api } from './api-client';

/** One page of a paged list: the body is the page, the headers say what comes next and how many match. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** GET of a paged list that answers an array, with its paging headers (X-Next-Cursor, X-Total-Count). */
export async function apiPage<T>(path: string): Promise<Page<T>> {
  let headers = new Headers();
  const items = await api<T[]>(path, {}, (h) => (headers = h));
  const total = Number(headers.get(pageHeaders.totalCount) ?? Number.NaN);
  return {
    items,
    nextCursor: headers.get(pageHeaders.nextCursor),
    total: Number.isFinite(total) ? total : items.length,
  };
}

/** Keeps the page on screen (dimmed) while the next one loads. */
export const keepPage = <T>(previous: T | undefined) => previous;
