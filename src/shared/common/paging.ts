/**
 * Paged admin lists answer with the page as the body and these headers: the cursor of the next page (absent on the
 * last page), and how many items match the filters in all. `Link: <…>; rel="next"` carries the same cursor.
 * (No zod here: the web app's API client, on the first page, imports it.)
 */
export const pageHeaders = { nextCursor: 'x-next-cursor', totalCount: 'x-total-count' } as const;

/** The page sizes the dashboard offers. */
export const pageSizes = [25, 50, 100] as const;
