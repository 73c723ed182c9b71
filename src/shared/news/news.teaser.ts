// Kept apart from the zod schemas so pages that show teasers don't download zod.

/** Home-page teasers show this many characters of each body (see docs/product-rules.md). */
export const NEWS_TEASER_LENGTH = 200;

/** The first `length` characters of a body, cut at a word boundary when one is near, with an ellipsis when cut. */
export function newsTeaser(body: string, length = NEWS_TEASER_LENGTH): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace > length * 0.8 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s.,;:!?-]+$/, '')}…`;
}
