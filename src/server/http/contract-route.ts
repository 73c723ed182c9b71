import type { $ZodType } from 'zod/v4/core';
import type { errorBodySchema } from '@shared/common/common.schema';
import { fastifyPath, type Call, type SuccessStatus } from '@shared/common/contract';
import { errorResponses } from './openapi';

/** What only the server says about a call: how the API document presents it, and which errors it documents. */
export interface RouteDoc<E extends number, R extends Record<number, $ZodType>> {
  tags: string[];
  summary: string;
  description?: string;
  /** Request content types other than JSON (an upload). */
  consumes?: string[];
  /** Answer content types other than JSON (a CSV download). */
  produces?: string[];
  /** Statuses answered with the error body. */
  errors?: E[];
  /** Other answers with a body of their own (a 409 listing the refused lines). */
  responses?: R;
}

type Ok<C extends Call> = C['status'] extends SuccessStatus ? C['status'] : 200;

type RouteSchema<C extends Call, E extends number, R> = {
  tags: string[];
  summary: string;
  description?: string;
  consumes?: string[];
  produces?: string[];
} & (C['params'] extends $ZodType ? { params: C['params'] } : unknown) &
  (C['query'] extends $ZodType ? { querystring: C['query'] } : unknown) &
  (C['body'] extends $ZodType ? { body: C['body'] } : unknown) & {
    response: Record<Ok<C>, C['response']> & Record<E, typeof errorBodySchema> & R;
  };

/**
 * The method, URL and schemas of a route, from its call's contract. Spread into `app.route` beside the route's own
 * `config` and `handler`; the type provider types the handler from these schemas as it does for a written-out one:
 * `app.route({ ...contractRoute(contract.search, { tags, summary, errors: [400] }), handler })`.
 */
export function contractRoute<
  C extends Call,
  const E extends number = never,
  R extends Record<number, $ZodType> = Record<never, never>,
>(call: C, doc: RouteDoc<E, R>): { method: C['method']; url: string; schema: RouteSchema<C, E, R> } {
  const { errors = [], responses, ...texts } = doc;
  // Keys in the order the routes wrote them, so the API document's parameters keep their order.
  const schema = {
    ...texts,
    ...(call.params && { params: call.params }),
    ...(call.query && { querystring: call.query }),
    ...(call.body && { body: call.body }),
    response: { [call.status ?? 200]: call.response, ...errorResponses(...errors), ...responses },
  };
  return { method: call.method, url: fastifyPath(call.path), schema: schema as RouteSchema<C, E, R> };
}
