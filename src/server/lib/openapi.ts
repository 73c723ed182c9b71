import { errorBodySchema } from '@shared/common/common.schema';

/** Documents the error body for the given statuses in a route's response schema. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
