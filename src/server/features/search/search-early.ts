import { parse as parseQueryString } from 'fast-querystring';
import type { FastifyInstance } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { catalogueContract as calls } from '@shared/catalogue/catalogue.contract';
import type { SearchQuery } from '@shared/catalogue/search.schema';
import { badlyEncodedUrlPart, findUnstorable } from '../../http/text-guard';
import { queryKey } from '../../infra/read-cache';
import type { SearchIndex } from './search-index.plugin';
import { catalogueSearch } from './search.engine';

/**
 * Anonymous searches and suggestions answered from the index before Fastify's per-request hooks run (decision
 * 033, "early index answers"): an index answer costs a fraction of a millisecond, the hooks about as much again.
 * The query is read as the route reads it (Fastify's query-string parser, the text guard's checks, the contract's
 * schema) and the answer is the route's own read-cache entry; anything else, including every refusal, is left to
 * the route. Only while the index answers: before it is built, PostgreSQL answers through the route.
 */
export function answerSearchesEarly(app: FastifyInstance, index: SearchIndex) {
  const { early } = app.readCache;
  const engine = catalogueSearch(app.database.db, index);
  const read = <T>(search: string, schema: $ZodType<T>): T | null => {
    if (!index.answering() || badlyEncodedUrlPart(`?${search}`) !== undefined) return null;
    const raw = parseQueryString(search);
    if (findUnstorable(raw) !== undefined) return null;
    // As the route's validator compiler (fastify-type-provider-zod) parses it.
    const parsed = safeParse(schema, raw);
    return parsed.success ? parsed.data : null;
  };
  early.computeReads(`/api${calls.search.path}`, (search) => {
    const query = read<SearchQuery>(search, calls.search.query);
    return (
      query && {
        scope: 'catalogue',
        key: queryKey('search', query),
        load: () => engine.search(query),
      }
    );
  });
  early.computeReads(`/api${calls.suggest.path}`, (search) => {
    const query = read<{ q: string }>(search, calls.suggest.query);
    return (
      query && {
        scope: 'catalogue',
        key: queryKey('suggest', query),
        load: () => engine.suggest(query.q),
      }
    );
  });
}
