import { fillPath, type CallAnswer, type CallArgs, type Endpoint } from '@shared/common/contract';
import { api } from './api-client';

/**
 * What a call takes (`params`, `query`, `body`), typed from its contract; nothing when it takes nothing. A query a
 * URL builder already wrote (the catalogue search's `spec.<key>` ranges) may be passed as URLSearchParams.
 */
export type CallApiArgs<E extends Endpoint> =
  Record<never, never> extends CallArgs<E> ? [args?: WebArgs<E>] : [args: WebArgs<E>];

type WebArgs<E extends Endpoint> =
  | CallArgs<E>
  | ([CallArgs<E>['query']] extends [undefined]
      ? never
      : Omit<CallArgs<E>, 'query'> & { query: URLSearchParams });

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

// Arrays repeat their key (brand=a&brand=b); an empty value is left out, as the API reads it as absent anyway.
function queryString(query: object | undefined): string {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
      for (const item of [value].flat()) {
        if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
      }
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The path (under /api) and request of a call, for `api()`. */
export function callRequest<E extends Endpoint>(endpoint: E, args?: WebArgs<E>): [string, RequestInit] {
  const { params = {}, query, body } = (args ?? {}) as { params?: object; query?: object; body?: unknown };
  const path = fillPath(endpoint.path, params as Record<string, string>) + queryString(query);
  return [path, { method: endpoint.method, ...(body !== undefined && { body: JSON.stringify(body) }) }];
}

/**
 * Makes a call of a contract (`src/shared/<feature>/<feature>.calls.ts`) through `api()`, so errors, credentials
 * and ApiError are the same as for every other request: `callApi(accountsCalls.profile, { params: { email } })`.
 */
export const callApi = <E extends Endpoint>(endpoint: E, ...[args]: CallApiArgs<E>): Promise<CallAnswer<E>> =>
  api<CallAnswer<E>>(...callRequest(endpoint, args));
