import { errorBodySchema } from '@shared/common/common.schema';

/** Documents the error body for the given statuses in a route's response schema. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** How every paged list that answers a plain array tells the client about the next page. */
export const pagedListDescription =
  'The body is an array (one page). `X-Total-Count` says how many items match the filters; `X-Next-Cursor` (and ' +
  '`Link: <…>; rel="next"`) carries the cursor of the next page — pass it back as `cursor` with the same ' +
  'parameters. No cursor header: this is the last page.';
