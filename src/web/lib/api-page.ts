import type { CallAnswer, Endpoint } from '@shared/common/contract';
import { pageHeaders } from '@shared/common/paging';
import { api } from './api-client';
import { callRequest, type CallApiArgs } from './call-api';

/** One page of a paged list: the body is the page, the headers say what comes next and how many match. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

function pageOf<T>(items: T[], headers: Headers): Page<T> {
  const total = Number(headers.get(pageHeaders.totalCount) ?? Number.NaN);
  return {
    items,
    nextCursor: headers.get(pageHeaders.nextCursor),
    total: Number.isFinite(total) ? total : items.length,
  };
}

/** GET of a paged list that answers an array, with its paging headers (X-Next-Cursor, X-Total-Count). */
export async function apiPage<T>(path: string): Promise<Page<T>> {
  let headers = new Headers();
  const items = await api<T[]>(path, {}, (h) => (headers = h));
  return pageOf(items, headers);
}

type Item<A> = A extends readonly (infer T)[] ? T : never;

/** `apiPage` for a call of a contract whose answer is one page of a list. */
export async function callApiPage<E extends Endpoint>(
  endpoint: E,
  ...[args]: CallApiArgs<E>
): Promise<Page<Item<CallAnswer<E>>>> {
  let headers = new Headers();
  const items = await api<Item<CallAnswer<E>>[]>(...callRequest(endpoint, args), (h) => (headers = h));
  return pageOf(items, headers);
}

/** Keeps the page on screen (dimmed) while the next one loads. */
export const keepPage = <T>(previous: T | undefined) => previous;
