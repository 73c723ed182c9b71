import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';

export interface TextQuery {
  /** A tsquery over products.search_vector, or null when some word matches nothing in the catalogue. */
  tsquery: string | null;
  /** The whole query, lower-cased, for exact / prefix SKU matches. */
  sku: string;
  corrections: { term: string; suggestions: string[] }[];
}

interface WordRow extends Record<string, unknown> {
  word: string;
  pos: number;
  exact: boolean;
  prefixed: boolean;
  similar: string[];
}

const quote = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * Reads the buyer's words as PostgreSQL's own parser does, then keeps each word the catalogue knows and replaces
 * each one it does not know by its nearest catalogue words (pg_trgm similarity over search_terms). The last word
 * also matches as a prefix, for search-as-you-type. With `correct: false` an unknown word is not replaced (and
 * the text then matches by SKU prefix only): the suggestions' reading of a part number being typed.
 */
export async function parseTextQuery(
  db: Db,
  q: string,
  { correct = true }: { correct?: boolean } = {},
): Promise<TextQuery> {
  const sku = q.trim().toLowerCase();
  const { rows } = await db.execute<WordRow>(sql`
    select w.lexeme as word, (select max(p) from unnest(w.positions) p)::int as pos,
      exists (select 1 from search_terms t where t.term = w.lexeme) as exact,
      exists (select 1 from search_terms t
              where t.term ~>=~ w.lexeme and t.term ~<~ (w.lexeme || chr(1114111))) as prefixed,
      ${
        correct
          ? sql`array(select t.term from search_terms t where t.term % w.lexeme
                order by similarity(t.term, w.lexeme) desc, t.term limit 3)`
          : sql`'{}'::text[]`
      } as similar
    from unnest(to_tsvector('simple', ${q})) w`);
  const words = [...rows].sort((a, b) => a.pos - b.pos);
  const corrections: TextQuery['corrections'] = [];
  const parts: string[] = [];
  let matchable = words.length > 0;
  words.forEach((w, i) => {
    const last = i === words.length - 1;
    if (last && w.prefixed) parts.push(`${quote(w.word)}:*`);
    else if (w.exact) parts.push(quote(w.word));
    else if (!correct) matchable = false;
    else if (w.similar.length) {
      corrections.push({ term: w.word, suggestions: w.similar });
      parts.push(`(${w.similar.map(quote).join(' | ')})`);
    } else {
      corrections.push({ term: w.word, suggestions: [] });
      matchable = false;
    }
  });
  return { tsquery: matchable ? parts.join(' & ') : null, sku, corrections };
}
