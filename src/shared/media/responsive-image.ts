/**
 * Smaller copies of a stored picture, for `srcset`. The media store keeps one WebP per picture
 * (`/media/<folder>/<hash>.webp`, at most 800 px wide for the seeded catalogue); its copies are named after it,
 * `<hash>-<width>.webp`, so no table records them: the server writes them at upload and, for older pictures,
 * on their first request.
 */
export const IMAGE_WIDTHS = [200, 400] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The width the stored original is announced at in `srcset` (the seeded catalogue's pictures are 800 px wide). */
export const ORIGINAL_IMAGE_WIDTH = 800;

/** The folders whose pictures have smaller copies: uploads and the catalogue's own. */
const STORED_PICTURE = /^\/media\/(uploads|products)\/([0-9a-f]{24})\.webp$/;

/** A card in the catalogue grid: one column on a phone, two from `sm`, three (beside the facets) from `lg`. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';
/** The product page's picture: the page's width on a phone, half of it from `md`. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw';

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** The URL path of a picture's copy at a width. */
export function imageVariantPath(url: string, width: ImageWidth): string {
  return url.replace(/\.webp$/, `-${width}.webp`);
}

/** A `srcset` for a stored picture (its copies and itself), or undefined for any other URL (a remote image). */
export function imageSrcSet(url: string): string | undefined {
  if (!STORED_PICTURE.test(url)) return undefined;
  return [
    ...IMAGE_WIDTHS.map((w) => `${imageVariantPath(url, w)} ${w}w`),
    `${url} ${ORIGINAL_IMAGE_WIDTH}w`,
  ].join(', ');
}

/** An img's `srcSet` and `sizes` for a picture: both, or neither when it has no copies. */
export function responsiveImage(url: string, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(url);
  return srcSet ? { srcSet, sizes } : {};
}
