import type { SearchQuery, SearchResult, SuggestResult } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import type { SearchIndex } from './search-index.plugin';
import { suggestFrom } from './search-index.suggest';
import { searchDatabase, searchIndexed } from './search.service';
import { suggestDatabase } from './suggest.service';
import type { WholeCatalogueMemo } from './whole-catalogue';

/**
 * The one query interface of catalogue search (decision 071). Two engines implement it, the in-process index
 * (decision 033) and PostgreSQL, and give the same answers (search-engines.test.ts runs every kind of query on both
 * and compares). Facets are part of a search's answer (`query.facets`), counted over the whole match as the page is
 * read, so they are not asked for apart. An engine that cannot answer a query now gives null and the next engine
 * answers; `firstAnswer` composes them, and is what the routes and other features call.
 */
export interface SearchEngine {
  /** Which engine answers (logs, tests). */
  readonly name: string;
  /** Text, filters, sort, paging and (when asked) facets; `only` restricts it to those products ("fits my …"). */
  search(query: SearchQuery, only?: readonly string[] | null): Promise<SearchResult | null>;
  /** The navbar's suggestions for what is being typed. */
  suggest(q: string): Promise<SuggestResult | null>;
}

/** The in-process index: null while it is not built, rebuilding or behind, and for what it cannot order. */
export function indexEngine(db: Db, index: SearchIndex): SearchEngine {
  return {
    name: 'index',
    search: (query, only = null) => searchIndexed(db, query, index, only),
    suggest: async (q) => {
      const source = await index.current();
      // SKUs are listed in the database's text order, which the index reproduces for code point collations only.
      return source?.data.codePointOrder ? suggestFrom(source.data, source.reader, q) : null;
    },
  };
}

/** PostgreSQL: always answers (the oracle the index is tested against). */
export function databaseEngine(db: Db, whole?: WholeCatalogueMemo): AnsweringEngine {
  return {
    name: 'postgres',
    search: (query, only = null) => searchDatabase(db, query, whole, only),
    suggest: (q) => suggestDatabase(db, q),
  };
}

/** An engine that always answers (PostgreSQL, or engines ending with it). */
export interface AnsweringEngine extends SearchEngine {
  search(query: SearchQuery, only?: readonly string[] | null): Promise<SearchResult>;
  suggest(q: string): Promise<SuggestResult>;
}

/** The first answer of `engines`, in order, and of `last` when none of them answers. */
export function firstAnswer(engines: SearchEngine[], last: AnsweringEngine): AnsweringEngine {
  const ask = async <T>(each: (engine: SearchEngine) => Promise<T | null>, lastly: () => Promise<T>) => {
    for (const engine of engines) {
      const answer = await each(engine);
      if (answer) return answer;
    }
    return lastly();
  };
  return {
    name: [...engines, last].map((e) => e.name).join(', then '),
    search: (query, only = null) =>
      ask(
        (e) => e.search(query, only),
        () => last.search(query, only),
      ),
    suggest: (q) =>
      ask(
        (e) => e.suggest(q),
        () => last.suggest(q),
      ),
  };
}

/** This app's engines: the index first when it is on (`SEARCH_INDEX`), then PostgreSQL. */
export function catalogueSearch(
  db: Db,
  index?: SearchIndex | null,
  whole?: WholeCatalogueMemo,
): AnsweringEngine {
  return firstAnswer(index ? [indexEngine(db, index)] : [], databaseEngine(db, whole));
}

/**
 * GET /api/catalogue/search: free text (typo-tolerant, SKU matches first), filters, facets of the current query,
 * sorting, and page-number or cursor paging with a total; `only` restricts it to those products.
 */
export function searchCatalogue(
  db: Db,
  query: SearchQuery,
  index?: SearchIndex | null,
  whole?: WholeCatalogueMemo,
  only: readonly string[] | null = null,
): Promise<SearchResult> {
  return catalogueSearch(db, index, whole).search(query, only);
}

/** GET /api/catalogue/suggest: a few products, categories and part numbers for the navbar's combobox. */
export function suggest(db: Db, q: string, index?: SearchIndex | null): Promise<SuggestResult> {
  return catalogueSearch(db, index).suggest(q);
}
