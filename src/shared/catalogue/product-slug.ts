/** The longest slug a product URL carries: enough to read, short enough to share. */
const MAX_SLUG = 80;

/**
 * The readable part of a product's URL, from its name: lower-case ASCII words joined by hyphens ("7.5 kW Rotary
 * Screw Compressor" → "7-5-kw-rotary-screw-compressor"). Accents are dropped rather than the letters carrying them.
 */
export function productSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= MAX_SLUG) return words || 'product';
  const cut = words.slice(0, MAX_SLUG);
  // Cut at a word boundary when there is one, so the slug does not end in half a word.
  return cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut;
}

/** The one URL of a product page (its canonical): the id finds the product, the slug only reads well. */
export const productPath = (id: string, name: string) => `/product/${id}/${productSlug(name)}`;
