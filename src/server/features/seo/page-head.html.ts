import { dollarsToCents, formatCents } from '@shared/common/money';
import type { PricedProduct } from '@shared/catalogue/catalogue.schema';
import { imageSrcSet } from '@shared/media/responsive-image';

/** What the server writes into the head of the app shell for one page (the page itself is React's: decision 056). */
export interface RenderedPage {
  status?: number;
  title: string;
  description: string;
  /** Absolute canonical URL; absent on pages that are not indexed. */
  canonical?: string;
  noindex?: boolean;
  image?: string;
  ogType?: 'website' | 'product' | 'article';
  jsonLd?: object[];
  /** The listing's neighbouring pages (absolute), as `<link rel=prev/next>`. */
  prev?: string;
  next?: string;
  /** The first products' pictures, which the first screen shows: asked for before the stylesheet and the app. */
  preloadImages?: string[];
  /** The `sizes` the page's pictures are shown at, so a preload picks the same copy from `srcset` as the img. */
  preloadSizes?: string;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);
/** A spec dollar field as the page shows it ("$1,247.50"), through the one money formatter. */
export const money = (dollars: number) => formatCents(dollarsToCents(dollars));
export const clip = (s: string, n = 160) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= n ? flat : `${flat.slice(0, n - 1).replace(/\s+\S*$/, '')}…`;
};

/** The head tags of a rendered page, ready to replace the shell's title and description. */
export function headHtml(page: RenderedPage, siteName: string): string {
  const tags = [
    `<title>${esc(page.title)}</title>`,
    `<meta name="description" content="${esc(page.description)}" />`,
  ];
  if (page.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (page.canonical) {
    tags.push(
      `<link rel="canonical" href="${esc(page.canonical)}" />`,
      `<meta property="og:site_name" content="${esc(siteName)}" />`,
      `<meta property="og:type" content="${page.ogType ?? 'website'}" />`,
      `<meta property="og:title" content="${esc(page.title)}" />`,
      `<meta property="og:description" content="${esc(page.description)}" />`,
      `<meta property="og:url" content="${esc(page.canonical)}" />`,
    );
    if (page.image) tags.push(`<meta property="og:image" content="${esc(page.image)}" />`);
  }
  if (page.prev) tags.push(`<link rel="prev" href="${esc(page.prev)}" />`);
  if (page.next) tags.push(`<link rel="next" href="${esc(page.next)}" />`);
  (page.preloadImages ?? []).forEach((src, i) => {
    const srcset = imageSrcSet(src);
    const responsive =
      srcset && page.preloadSizes
        ? ` imagesrcset="${esc(srcset)}" imagesizes="${esc(page.preloadSizes)}"`
        : '';
    tags.push(
      `<link rel="preload" as="image" href="${esc(src)}"${responsive}${i === 0 ? ' fetchpriority="high"' : ''} />`,
    );
  });
  for (const data of page.jsonLd ?? []) {
    // `<` escaped as \u003c so no value can close the script element.
    tags.push(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}

/** Schema.org availability from stock and backorders, as the order form decides it. */
export function availability(p: Pick<PricedProduct, 'quantity' | 'minOrder' | 'backorderable'>): string {
  if (p.quantity >= p.minOrder && p.quantity > 0) return 'https://schema.org/InStock';
  return p.backorderable ? 'https://schema.org/BackOrder' : 'https://schema.org/OutOfStock';
}
