import { and, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageHeaders, type Paged } from '@shared/common/paging.schema';
import { fieldError } from './errors';

/**
 * One sort order of a keyset-paged list: rows are ordered by (key, id) and a page starts strictly after the last
 * row of the previous one, so paging stays fast at any depth and nothing is skipped or repeated while rows are
 * added. Each order has an index on (key, id) in its direction.
 */
export interface KeysetSort {
  name: string;
  key: SQL;
  dir: 'asc' | 'desc';
  /** The direction of the id tie-break; another than `dir` lets an existing (key desc, id) index serve. */
  idDir?: 'asc' | 'desc';
  id: SQL;
  idType: 'uuid' | 'text';
  type: 'timestamptz' | 'timestamp' | 'int' | 'text';
}

const ID = { uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, text: /^[\w-]{1,200}$/ };
const VALUE = {
  timestamptz: /^-?\d{1,20}$/,
  timestamp: /^-?\d{1,20}$/,
  int: /^-?\d{1,20}$/,
  text: /^[^]{0,400}$/,
};

/** The sort key as text: times in microseconds since the epoch, exact whatever the session's date style. */
export function keyText(s: KeysetSort): SQL<string> {
  return s.type === 'timestamptz' || s.type === 'timestamp'
    ? sql<string>`(extract(epoch from ${s.key}) * 1000000)::bigint::text`
    : sql<string>`${s.key}::text`;
}

function keyValue(s: KeysetSort, v: string): SQL {
  switch (s.type) {
    case 'timestamptz':
      return sql`(timestamptz 'epoch' + ${v}::bigint * interval '1 microsecond')`;
    case 'timestamp':
      return sql`(timestamp 'epoch' + ${v}::bigint * interval '1 microsecond')`;
    case 'int':
      return sql`${v}::bigint`;
    case 'text':
      return sql`${v}::text`;
  }
}

export const orderBySort = (s: KeysetSort): SQL =>
  sql`${s.key} ${sql.raw(s.dir)}, ${s.id} ${sql.raw(s.idDir ?? s.dir)}`;

const bad = () => fieldError('bad_request', 'cursor', 'is not a cursor this API returned');

/** Rows strictly after the cursor in this order; a cursor of another order or list is a 400 naming `cursor`. */
export function afterCursor(s: KeysetSort, cursor: string): SQL {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((x) => typeof x === 'string'))
    throw bad();
  const [name, value, id] = parsed as [string, string, string];
  if (name !== s.name) throw fieldError('bad_request', 'cursor', 'belongs to another sort order');
  if (!ID[s.idType].test(id) || !VALUE[s.type].test(value)) throw bad();
  const v = keyValue(s, value);
  const idv = sql`${id}::${sql.raw(s.idType)}`;
  const op = sql.raw(s.dir === 'asc' ? '>' : '<');
  const idOp = sql.raw((s.idDir ?? s.dir) === 'asc' ? '>' : '<');
  // The first condition alone bounds the index scan; the second drops the rows up to the cursor among equal keys.
  return and(sql`${s.key} ${op}= ${v}`, sql`(${s.key} ${op} ${v} or ${s.id} ${idOp} ${idv})`)!;
}

/** Cuts the one extra row a query read (limit + 1) and makes the next page's cursor from the last row kept. */
export function cutPage<R extends { cursorKey: string | null; cursorId: string }>(
  s: KeysetSort,
  rows: R[],
  limit: number,
): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? Buffer.from(JSON.stringify([s.name, last.cursorKey ?? '', last.cursorId])).toString('base64url')
      : null;
  return { rows: page, nextCursor };
}

/** `like` pattern for "starts with": the text's own % and _ match themselves. */
export const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Sends a page as a plain array (the body API clients already read) and its paging as headers: the next cursor
 * (`X-Next-Cursor` and a `Link` with rel="next" repeating the request with it) and the total (`X-Total-Count`).
 */
export function sendPage<T>(req: FastifyRequest, reply: FastifyReply, page: Paged<T>): T[] {
  reply.header(pageHeaders.totalCount, String(page.total));
  if (page.nextCursor) {
    const url = new URL(req.url, 'http://shop.invalid');
    url.searchParams.set('cursor', page.nextCursor);
    reply.header(pageHeaders.nextCursor, page.nextCursor);
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}
