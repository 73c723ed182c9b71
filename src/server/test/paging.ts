import type { FastifyInstance } from 'fastify';
import { pageHeaders } from '@shared/common/paging.schema';
import type { Client } from './auth';

/** Follows a paged list's `X-Next-Cursor` header from the first page to the last, as an API client would. */
export async function allPages<T>(app: FastifyInstance, client: Client, url: string) {
  const pages: T[][] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  for (let i = 0; i < 1000; i++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await app.inject({
      url: cursor ? `${url}${sep}cursor=${cursor}` : url,
      headers: client.headers,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    pages.push(res.json() as T[]);
    total = Number(res.headers[pageHeaders.totalCount]);
    cursor = res.headers[pageHeaders.nextCursor] as string | undefined;
    if (!cursor) break;
  }
  return { pages, items: pages.flat(), total };
}
