import { sql, type SQL } from 'drizzle-orm';
import type { SortOption } from '@shared/catalogue/search.schema';
import { fieldError } from '../../infra/errors';
import { skuPrefix } from './search.filters';
import type { TextQuery } from './search.terms';

export type EffectiveSort = Exclude<SortOption, 'relevance'> | 'relevance';

export interface Ordering {
  /** The sort key as an SQL expression, and as text for the cursor. */
  key: SQL;
  keyText: SQL;
  by: SQL;
  /** Rows strictly after (value, id) in this order. */
  after(value: string, id: string): SQL;
}

/** Exact SKU matches first, then SKU prefixes, then full-text rank (always below 1). */
export function rankOf(text: TextQuery): SQL {
  const exact = sql`lower(p.sku) = ${text.sku}`;
  const fullText = text.tsquery
    ? sql`coalesce(ts_rank(p.search_vector, ${text.tsquery}::tsquery), 0)`
    : sql`0`;
  return sql`((case when ${exact} then 2 when ${skuPrefix(text.sku)} then 1 else 0 end) + ${fullText})::float8`;
}

export function orderingOf(sort: EffectiveSort, text: TextQuery | null): Ordering {
  switch (sort) {
    case 'relevance': {
      const rank = rankOf(text!);
      return {
        key: rank,
        keyText: sql`${rank}::text`,
        by: sql`${rank} desc, p.id asc`,
        after: (v, id) => sql`(${rank} < ${v}::float8 or (${rank} = ${v}::float8 and p.id > ${id}::uuid))`,
      };
    }
    case 'price_asc':
    case 'price_desc': {
      const dir = sort === 'price_asc' ? sql`asc` : sql`desc`;
      const cmp = sort === 'price_asc' ? sql`>` : sql`<`;
      return {
        key: sql`p.price_cents`,
        keyText: sql`p.price_cents::text`,
        by: sql`p.price_cents ${dir}, p.id ${dir}`,
        after: (v, id) => sql`(p.price_cents, p.id) ${cmp} (${v}::int, ${id}::uuid)`,
      };
    }
    case 'newest': {
      // Microseconds since the epoch: exact, whatever the session's date style.
      const micros = sql`(extract(epoch from p.created_at) * 1000000)::bigint`;
      return {
        key: micros,
        keyText: sql`${micros}::text`,
        by: sql`p.created_at desc, p.id desc`,
        after: (v, id) =>
          sql`(p.created_at, p.id) < (timestamptz 'epoch' + ${v}::bigint * interval '1 microsecond', ${id}::uuid)`,
      };
    }
    case 'name':
      return {
        key: sql`lower(p.name)`,
        keyText: sql`lower(p.name)`,
        by: sql`lower(p.name) asc, p.id asc`,
        after: (v, id) => sql`(lower(p.name), p.id) > (${v}, ${id}::uuid)`,
      };
  }
}

interface Cursor {
  sort: EffectiveSort;
  value: string;
  id: string;
}

export const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.sort, c.value, c.id])).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VALUE: Record<EffectiveSort, RegExp> = {
  relevance: /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i,
  price_asc: /^\d{1,12}$/,
  price_desc: /^\d{1,12}$/,
  newest: /^-?\d{1,20}$/,
  name: /^[^]{0,400}$/,
};

export function decodeCursor(text: string, sort: EffectiveSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((x) => typeof x === 'string')) {
    throw fieldError('bad_request', 'cursor', 'is not a cursor this API returned');
  }
  const [s, value, id] = parsed as [string, string, string];
  if (s !== sort) throw fieldError('bad_request', 'cursor', 'belongs to another sort order');
  if (!UUID.test(id) || !VALUE[sort].test(value)) {
    throw fieldError('bad_request', 'cursor', 'is not a cursor this API returned');
  }
  return { sort, value, id };
}
