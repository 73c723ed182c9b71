/**
 * The text half of the in-process search index (decision 033): PostgreSQL's own text-search arithmetic, ported so
 * the index answers what the database would. Words come from the products' stored `search_vector`s (the index
 * never re-tokenizes a product), typo corrections are pg_trgm similarity over `search_terms`, and the relevance
 * rank is `ts_rank` with its default weights, computed in float4 as PostgreSQL does (src/backend/utils/adt/tsrank.c).
 */

/** One lexeme of a stored tsvector: its positions, each packed as PostgreSQL does (weight << 14 | position). */
export interface VectorEntry {
  lexeme: string;
  positions: number[];
}

const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** Parses tsvector output (`'air':1A,4 'it''s':2C`) into entries, in the vector's own (sorted) order. */
export function parseTsvector(text: string): VectorEntry[] {
  const out: VectorEntry[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    let lexeme = '';
    i++;
    for (;;) {
      const c = text[i]!;
      if (c === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      if (c === '\\') {
        lexeme += text[i + 1]!;
        i += 2;
        continue;
      }
      lexeme += c;
      i++;
    }
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let pos = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57)
          pos = pos * 10 + text.charCodeAt(i++) - 48;
        let weight = 0;
        const w = text[i];
        if (w && w in WEIGHT_OF) {
          weight = WEIGHT_OF[w]!;
          i++;
        }
        positions.push((weight << 14) | pos);
        if (text[i] === ',') i++;
        else break;
      }
    }
    out.push({ lexeme, positions });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- pg_trgm similarity

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/** pg_trgm's trigrams of a string: each alphanumeric word padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  const chars = [...text.toLowerCase()];
  let word: string[] = [];
  const flush = () => {
    if (!word.length) return;
    const padded = ['  ', ...word, ' '].join('');
    const p = [...padded];
    for (let i = 0; i + 3 <= p.length; i++) out.add(p[i]! + p[i + 1]! + p[i + 2]!);
    word = [];
  };
  for (const c of chars) {
    if (isWordChar(c)) word.push(c);
    else flush();
  }
  flush();
  return out;
}

/** similarity(a, b) as pg_trgm computes it (float4). */
export function similarityOf(common: number, lenA: number, lenB: number): number {
  if (lenA <= 0 || lenB <= 0) return 0;
  return Math.fround(Math.fround(common) / Math.fround(lenA + lenB - common));
}

export function similarity(a: string, b: string): number {
  return trigramSimilarity(trigrams(a), trigrams(b));
}

/** similarity() of two texts' trigram sets, for callers that keep one side's set. */
export function trigramSimilarity(ta: Set<string>, tb: Set<string>): number {
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return similarityOf(common, ta.size, tb.size);
}

/** pg_trgm.similarity_threshold's default; `%` holds when similarity >= it. */
export const SIMILARITY_THRESHOLD = 0.3;

// --------------------------------------------------------------------------------------------------------- ts_rank

/** A query operand: one lexeme, or a prefix (`'compr':*`). */
export interface Operand {
  text: string;
  prefix: boolean;
}

const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround);
const MAXENTRYPOS = 1 << 14;
const wpos = (packed: number) => WEIGHTS[packed >>> 14]!;
const posOf = (packed: number) => packed & (MAXENTRYPOS - 1);
const DISTANCE = Array.from({ length: 101 }, (_, w) =>
  Math.fround(1.0 / (1.005 + 0.05 * Math.exp(Math.fround(w) / 1.5 - 2))),
);
const wordDistance = (w: number) => (w > 100 ? Math.fround(1e-30) : DISTANCE[w]!);
/** The position ts_rank assumes for a lexeme stored without positions (weight D). */
const POSNULL_AND = MAXENTRYPOS - 1;
const POSNULL_OR = 0;

/** Byte order of UTF-8 strings, as tsvector and tsquery sort their lexemes (code point order; no collation). */
export function byteCompare(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** The operands ts_rank looks at: sorted and without repeats (SortAndUniqItems). */
export function rankOperands(operands: Operand[]): Operand[] {
  const sorted = [...operands].sort((a, b) => byteCompare(a.text, b.text));
  return sorted.filter((o, i) => i === 0 || sorted[i - 1]!.text !== o.text);
}

/**
 * A document as ts_rank reads it: its packed vector (see SearchIndexData.vectors) and, per operand of
 * `rankOperands`, the indexes of the vector's entries it matches, in vector order (one entry for a lexeme, every
 * lexeme with the prefix for a prefix operand), or null.
 */
export type Matches = (number[] | null)[];

function rankOr(vec: Uint32Array, matches: Matches): number {
  const n = vec[0]!;
  let res = 0;
  for (const entries of matches) {
    if (!entries) continue;
    for (const e of entries) {
      const from = vec[1 + n + e]!;
      const to = vec[2 + n + e]!;
      const dimt = to > from ? to - from : 1;
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < dimt; j++) {
        const w = to > from ? wpos(vec[from + j]!) : wpos(POSNULL_OR);
        resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      const inner = Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1))));
      res = Math.fround(res + inner / 1.64493406685);
    }
  }
  return matches.length > 0 ? Math.fround(res / matches.length) : res;
}

function rankAnd(vec: Uint32Array, matches: Matches): number {
  if (matches.length < 2) return rankOr(vec, matches);
  const n = vec[0]!;
  // Per operand, the position list ts_rank last saw for it: [from, to) in vec, or the null position.
  const from: number[] = [];
  const to: number[] = [];
  const isNull: boolean[] = [];
  const seen: boolean[] = [];
  let res = -1;
  for (let i = 0; i < matches.length; i++) {
    const entries = matches[i];
    if (!entries) continue;
    for (const e of entries) {
      const a = vec[1 + n + e]!;
      const b = vec[2 + n + e]!;
      seen[i] = true;
      isNull[i] = b <= a;
      from[i] = a;
      to[i] = b;
      const dimt = isNull[i] ? 1 : b - a;
      for (let k = 0; k < i; k++) {
        if (!seen[k]) continue;
        const lenct = isNull[k] ? 1 : to[k]! - from[k]!;
        for (let l = 0; l < dimt; l++) {
          const pl = isNull[i] ? POSNULL_AND : vec[a + l]!;
          for (let p = 0; p < lenct; p++) {
            const pp = isNull[k] ? POSNULL_AND : vec[from[k]! + p]!;
            let dist = Math.abs(posOf(pl) - posOf(pp));
            if (dist || isNull[i] || isNull[k]) {
              if (!dist) dist = MAXENTRYPOS;
              const curw = Math.fround(
                Math.sqrt(Math.fround(Math.fround(wpos(pl) * wpos(pp)) * wordDistance(dist))),
              );
              res = res < 0 ? curw : Math.fround(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
  }
  return res;
}

/**
 * ts_rank(vector, query) with the default weights and normalization 0. `and`: whether the query's top operator is
 * AND (two words or more).
 */
export function tsRank(and: boolean, vec: Uint32Array, matches: Matches): number {
  if (vec[0] === 0 || matches.length === 0) return 0;
  let res = and ? rankAnd(vec, matches) : rankOr(vec, matches);
  if (res < 0) res = Math.fround(1e-20);
  return res;
}
