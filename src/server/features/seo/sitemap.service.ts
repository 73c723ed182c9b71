import { Readable } from 'node:stream';
import { productPath } from '@shared/catalogue/product-slug';
import { paths } from '@shared/common/web-paths';
import type { Db } from '../../infra/db';
import { countListedProducts, listedCategories, listedProducts } from '../catalogue/index';
import { sitemapNews } from '../news/news.service';

/** sitemaps.org: at most 50,000 URLs (and 50 MB) per file. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** W3C datetime in UTC, as sitemaps.org asks for `lastmod`. */
const w3c = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function urlEntry(loc: string, lastmod: Date | null): string {
  return `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${w3c(lastmod)}</lastmod>` : ''}</url>\n`;
}

/** Streams a `<urlset>` from its entries; each string is written as it comes, with the stream's backpressure. */
function urlset(entries: AsyncIterable<string> | Iterable<string>): Readable {
  async function* body() {
    yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
    // Entries are grouped into chunks of a few dozen kB: one socket write per chunk, not per URL.
    let chunk = '';
    for await (const e of entries) {
      chunk += e;
      if (chunk.length > 32_768) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}</urlset>\n`;
  }
  return Readable.from(body(), { objectMode: false });
}

export interface SitemapSite {
  db: Db;
  baseUrl: string;
  /** Product pages are listed only where anonymous visitors (and crawlers) may read them. */
  publicProductPages: boolean;
}

/** The sitemap index: the catalogue pages (with categories), the news, and the product files (when public). */
export async function sitemapIndex(site: SitemapSite): Promise<string> {
  const files = ['/sitemaps/categories.xml', '/sitemaps/news.xml'];
  if (site.publicProductPages) {
    const count = await countListedProducts(site.db);
    const n = Math.max(1, Math.ceil(count / SITEMAP_MAX_URLS));
    for (let i = 1; i <= n; i++) files.push(`/sitemaps/products-${i}.xml`);
  }
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${files
    .map((f) => `<sitemap><loc>${xmlEscape(site.baseUrl + f)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;
}

/**
 * The catalogue's public pages: home, the catalogue itself, each category's page (`/our-products?category=…`, the
 * URL the storefront's category links use) and the static pages.
 */
export async function categoriesSitemap(site: SitemapSite): Promise<Readable> {
  const categories = await listedCategories(site.db);
  const newest = categories.reduce<Date | null>(
    (m, c) => (c.lastmod && (!m || c.lastmod > m) ? c.lastmod : m),
    null,
  );
  const u = (p: string) => site.baseUrl + p;
  return urlset([
    urlEntry(u(paths.home), newest),
    urlEntry(u(paths.products), newest),
    ...categories.map((c) =>
      urlEntry(u(`${paths.products}?category=${encodeURIComponent(c.id)}`), c.lastmod),
    ),
    urlEntry(u(paths.portfolio), null),
    urlEntry(u(paths.myBlog), null),
  ]);
}

/** The news list and every article (a shop's news stays far below 50,000 articles; the file stops there). */
export function newsSitemap(site: SitemapSite): Readable {
  async function* entries() {
    yield urlEntry(site.baseUrl + paths.news, null);
    let n = 1;
    for await (const a of sitemapNews(site.db)) {
      if (++n > SITEMAP_MAX_URLS) return;
      yield urlEntry(site.baseUrl + paths.newsItem(a.id), a.lastmod);
    }
  }
  return urlset(entries());
}

/** The `part`-th (from 1) file of at most 50,000 product pages, in id order; undefined past the last one. */
export async function productsSitemap(site: SitemapSite, part: number): Promise<Readable | undefined> {
  if (!site.publicProductPages) return undefined;
  const count = await countListedProducts(site.db);
  if (part > Math.max(1, Math.ceil(count / SITEMAP_MAX_URLS))) return undefined;
  async function* entries() {
    for await (const p of listedProducts(site.db, (part - 1) * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS)) {
      yield urlEntry(site.baseUrl + productPath(p.id, p.name), p.lastmod);
    }
  }
  return urlset(entries());
}

/** robots.txt: everything public may be crawled; the dashboard and the API may not; where the sitemap is. */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${paths.dashboard}`,
    'Disallow: /api/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
