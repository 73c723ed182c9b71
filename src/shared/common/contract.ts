// Types only from zod: the browser imports this module, and its first load ships no zod (decision 004).
import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * Route contracts (docs/decisions/030-route-contracts.md). A feature describes each call twice, each fact once:
 * `<feature>.calls.ts` holds method and path (plain data the browser imports), `<feature>.contract.ts` the zod
 * schemas of its params, query, body and answer (what the server validates, serialises and documents). The two meet
 * in `defineContract`, and the calls carry the schemas' types, so the browser's fetcher is typed without their code.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;

/** What a call takes and answers. `status` is the success status when it is not 200 (204: `response` is z.null()). */
export interface CallSchemas {
  params?: $ZodType;
  query?: $ZodType;
  body?: $ZodType;
  response: $ZodType;
  status?: SuccessStatus;
}

declare const schemaTypes: unique symbol;

/** Where a call goes: `{name}` marks a path parameter (SPEC §7's notation; the server converts it). */
export interface Endpoint<
  S extends CallSchemas = CallSchemas,
  M extends Method = Method,
  P extends string = string,
> {
  readonly method: M;
  readonly path: P;
  /** Never set: it carries the schemas' types to the browser without their code. */
  readonly [schemaTypes]?: S;
}

/** A call as the server sees it: where it goes and its schemas. */
export type Call<
  S extends CallSchemas = CallSchemas,
  M extends Method = Method,
  P extends string = string,
> = Endpoint<S, M, P> & S;

/** The names of a path's `{name}` segments. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

type SchemaNames<S extends CallSchemas> = S['params'] extends $ZodType
  ? keyof input<S['params']> & string
  : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// A path whose `{names}` are not its params schema's keys (or a call without schemas) fails to type-check.
type Checked<S extends Record<string, CallSchemas>, D> = {
  [K in keyof D]: K extends keyof S
    ? D[K] extends { path: infer P extends string }
      ? Same<PathParams<P>, SchemaNames<S[K]>> extends true
        ? unknown
        : { path: `its {names} must be the keys of the params schema` }
      : unknown
    : { method: 'this call has no schemas in the contract' };
};

type EndpointsOf<
  S extends Record<string, CallSchemas>,
  D extends Record<keyof S, { method: Method; path: string }>,
> = {
  [K in keyof S]: Endpoint<S[K], D[K]['method'], D[K]['path']>;
};

/**
 * The method and path of each of a feature's calls, typed by the feature's schemas (`S`, given as a type only):
 * `endpoints<CatalogueSchemas>()({ search: { method: 'GET', path: '/catalogue/search' } })`.
 */
export const endpoints =
  <S extends Record<string, CallSchemas>>() =>
  <const D extends Record<keyof S, { method: Method; path: string }>>(
    defs: D & Checked<S, D>,
  ): EndpointsOf<S, D> =>
    defs as EndpointsOf<S, D>;

/** A feature's calls with their schemas, for the server's routes. */
export function defineContract<S extends Record<string, CallSchemas>, E extends Record<keyof S, Endpoint>>(
  calls: E,
  schemas: S,
): { [K in keyof S]: E[K] & S[K] } {
  return Object.fromEntries(
    Object.keys(schemas).map((name) => [name, { ...calls[name], ...schemas[name] }]),
  ) as { [K in keyof S]: E[K] & S[K] };
}

/** A path with its parameters filled in, each encoded as one segment. */
export function fillPath<P extends string>(path: P, params: Record<PathParams<P>, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String((params as Record<string, string | number | undefined>)[name] ?? '');
    // No encoding keeps an empty, "." or ".." segment from being dropped or climbing out of the path.
    if (value === '' || value === '.' || value === '..') {
      throw new Error(`${path}: {${name}} cannot be ${JSON.stringify(value)}`);
    }
    return encodeURIComponent(value);
  });
}

/** The path in Fastify's notation (`/user/:email`). */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;

type Arg<K extends string, T> = T extends $ZodType
  ? undefined extends input<T>
    ? { [P in K]?: input<T> }
    : { [P in K]: input<T> }
  : { [P in K]?: never };

/** What a caller passes: the path's params, the query and the body, each as the schema takes it. */
export type CallArgs<E extends Endpoint> = Arg<'params', SchemasOf<E>['params']> &
  Arg<'query', SchemasOf<E>['query']> &
  Arg<'body', SchemasOf<E>['body']>;

/** What a call answers when it succeeds. */
export type CallAnswer<E extends Endpoint> = output<SchemasOf<E>['response']>;
