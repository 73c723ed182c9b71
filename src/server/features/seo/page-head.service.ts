import { centsToDollarText, dollarsToCents } from '@shared/common/money';
import type { FastifyInstance } from 'fastify';
import type { PricedProduct } from '@shared/catalogue/catalogue.schema';
import type { ProductDetail, SearchResult } from '@shared/catalogue/search.schema';
import { productPath } from '@shared/catalogue/product-slug';
import { CARD_IMAGE_SIZES, PRODUCT_IMAGE_SIZES } from '@shared/media/responsive-image';
import type { ProductReviews } from '@shared/reviews/reviews.schema';
import type { NewsItem } from '@shared/news/news.schema';
import { paths } from '@shared/common/web-paths';
import type { CacheScope } from '../../infra/read-cache';
import { availability, clip, money, type RenderedPage } from './page-head.html';

/** How many product pictures a listing preloads: a phone's first screen shows one card, a desktop's a row of three. */
const PRELOADED_IMAGES = 3;

/** Pages no search engine should list: signed-in areas, forms, one-time links. */
const PRIVATE = [
  paths.dashboard,
  paths.login,
  paths.register,
  paths.passwordReset,
  paths.resetPassword,
  paths.verifyEmail,
];
const isPrivate = (p: string) => PRIVATE.some((x) => p === x || p.startsWith(`${x}/`));

const SEARCH_KEYS = /^(q|category|brand|inStock|price|sort|page|pageSize|spec\.[\w-]+)$/;

/**
 * Renders the head of a public page from the shop's own API, answered as to an anonymous
 * visitor: the same data, prices and cache the web app reads. Which read caches a rendering depends on is returned
 * with it, so it is dropped when one of them changes.
 */
export class PageRenderer {
  constructor(private readonly app: FastifyInstance) {}

  private get base() {
    return this.app.config.baseUrl;
  }
  private get shop() {
    return this.app.config.shop.name;
  }

  private async api<T>(url: string): Promise<{ status: number; body: T }> {
    const res = await this.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: (res.statusCode === 200 ? res.json() : undefined) as T };
  }

  private abs(p: string) {
    return p.startsWith('http') ? p : this.base + p;
  }

  /** The scopes a page's rendering reads (undefined: not cached). */
  scopesOf(pathname: string): CacheScope[] | undefined {
    if (isPrivate(pathname)) return undefined;
    if (pathname === paths.home) return ['catalogue', 'news'];
    if (pathname.startsWith(paths.news)) return ['news'];
    return ['catalogue'];
  }

  async render(pathname: string, query: URLSearchParams): Promise<RenderedPage | undefined> {
    const path = pathname.replace(/\/+$/, '') || '/';
    if (isPrivate(path)) {
      return { title: this.shop, description: `${this.shop}: your account.`, noindex: true };
    }
    if (path === paths.home) return this.home();
    if (path.toLowerCase() === paths.products) return this.catalogue(query);
    if (path.toLowerCase() === paths.news) return this.newsList();
    const article = /^\/blog\/([^/]+)$/i.exec(path);
    if (article) return this.article(article[1]!);
    const product = /^\/product\/([^/]+)(?:\/[^/]+)?$/i.exec(path);
    if (product) return this.product(product[1]!);
    return undefined;
  }

  private organization() {
    const s = this.app.config.shop;
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: s.name,
      url: `${this.base}/`,
      logo: `${this.base}/apple-touch-icon.png`,
      email: s.email,
      telephone: s.phone,
      address: s.address,
    };
  }

  private async home(): Promise<RenderedPage> {
    const products = await this.api<PricedProduct[]>('/api/homeproduct');
    return {
      title: `${this.shop} · Industrial tools and compressors`,
      description:
        'Industrial tools and air compressors for workshops and job sites: order in bulk with minimum order quantities, pay by card and track every order.',
      canonical: `${this.base}/`,
      jsonLd: [this.organization()],
      preloadImages: (products.body ?? []).slice(0, PRELOADED_IMAGES).map((p) => p.img),
      preloadSizes: CARD_IMAGE_SIZES,
    };
  }

  private async catalogue(query: URLSearchParams): Promise<RenderedPage> {
    const params = new URLSearchParams();
    for (const [k, v] of query) if (SEARCH_KEYS.test(k)) params.append(k, v);
    let res = await this.api<SearchResult>(`/api/catalogue/search?${params}`);
    // Reading is lenient, as in the web app: a value the API refuses is dropped rather than failing the page.
    if (res.status === 400) {
      params.delete('page');
      params.delete('price');
      res = await this.api<SearchResult>(`/api/catalogue/search?${params}`);
      if (res.status === 400) res = await this.api<SearchResult>('/api/catalogue/search');
    }
    const r = res.body;
    const categorySlug = params.get('category');
    const category = categorySlug ? r?.facets?.categories.find((c) => c.slug === categorySlug) : undefined;
    const q = params.get('q');
    const page = r?.page ?? 1;
    const heading = q ? `Search results for “${q}”` : (category?.name ?? 'Our products');
    // One canonical per listing: the category (and its page), never a search, sort or filter combination.
    const canonicalQuery = new URLSearchParams();
    if (category) canonicalQuery.set('category', category.slug);
    if (page > 1 && !q) canonicalQuery.set('page', String(page));
    const qs = canonicalQuery.toString();
    const pageUrl = (n: number) => {
      const p = new URLSearchParams(params);
      if (n > 1) p.set('page', String(n));
      else p.delete('page');
      const s = p.toString();
      return `${paths.products}${s ? `?${s}` : ''}`;
    };
    const pages = r ? Math.ceil(Math.min(r.total, 10_000) / r.pageSize) : 1;
    const prev = page > 1 ? pageUrl(page - 1) : undefined;
    const next = page < pages ? pageUrl(page + 1) : undefined;
    return {
      title: `${heading}${page > 1 ? ` · page ${page}` : ''} · ${this.shop}`,
      description: category
        ? `${category.name}: ${category.count} products at ${this.shop}, with prices, stock and minimum orders.`
        : `${r?.total ?? 0} industrial tools and compressors at ${this.shop}, with prices, stock and minimum orders.`,
      ...(q ? { noindex: true } : { canonical: `${this.base}${paths.products}${qs ? `?${qs}` : ''}` }),
      jsonLd: category
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'BreadcrumbList',
              itemListElement: [
                { '@type': 'ListItem', position: 1, name: 'Products', item: this.base + paths.products },
                {
                  '@type': 'ListItem',
                  position: 2,
                  name: category.name,
                  item: `${this.base}${paths.products}?category=${encodeURIComponent(category.slug)}`,
                },
              ],
            },
          ]
        : [],
      ...(prev && { prev: this.base + prev }),
      ...(next && { next: this.base + next }),
      preloadImages: (r?.items ?? []).slice(0, PRELOADED_IMAGES).map((p) => p.img),
      preloadSizes: CARD_IMAGE_SIZES,
    };
  }

  private async product(id: string): Promise<RenderedPage> {
    if (!this.app.config.publicProductPages) {
      // Behind the login (the spec's default): nothing to index, and no product data for anonymous readers.
      return { title: this.shop, description: `${this.shop}: log in to see this product.`, noindex: true };
    }
    const [p, detail, reviews] = await Promise.all([
      this.api<PricedProduct>(`/api/product/${encodeURIComponent(id)}`),
      this.api<ProductDetail>(`/api/catalogue/products/${encodeURIComponent(id)}`),
      this.api<ProductReviews>(`/api/product/${encodeURIComponent(id)}/reviews`),
    ]);
    if (!p.body) {
      return {
        status: 404,
        title: `Product not found · ${this.shop}`,
        description: 'No such product.',
        noindex: true,
      };
    }
    const product = p.body;
    const url = this.base + productPath(product._id, product.name);
    const crumbs = detail.body?.breadcrumbs ?? [];
    const image = this.abs(product.img);
    const ld: Record<string, unknown> = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.desc,
      image,
      url,
      ...(detail.body && { sku: detail.body.product.sku }),
      ...(detail.body?.product.brand && { brand: { '@type': 'Brand', name: detail.body.product.brand } }),
      offers: {
        '@type': 'Offer',
        url,
        price: centsToDollarText(dollarsToCents(product.price)),
        priceCurrency: 'USD',
        availability: availability(product),
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.minOrder },
        seller: { '@type': 'Organization', name: this.shop },
      },
    };
    if (reviews.body && reviews.body.count > 0 && reviews.body.average !== null) {
      ld.aggregateRating = {
        '@type': 'AggregateRating',
        ratingValue: reviews.body.average,
        reviewCount: reviews.body.count,
        bestRating: 5,
        worstRating: 1,
      };
    }
    const breadcrumb = {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        ...[{ slug: null as string | null, name: 'Products' }, ...crumbs].map((c, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: c.name,
          item: `${this.base}${paths.products}${c.slug ? `?category=${encodeURIComponent(c.slug)}` : ''}`,
        })),
        { '@type': 'ListItem', position: crumbs.length + 2, name: product.name, item: url },
      ],
    };
    return {
      title: `${product.name} · ${this.shop}`,
      description: clip(`${product.name}: ${money(product.price)}. ${product.desc}`),
      canonical: url,
      image,
      ogType: 'product',
      jsonLd: [ld, breadcrumb],
      preloadImages: [product.img],
      preloadSizes: PRODUCT_IMAGE_SIZES,
    };
  }

  private newsList(): RenderedPage {
    return {
      title: `Blogs and News · ${this.shop}`,
      description: `News and articles from ${this.shop}.`,
      canonical: this.base + paths.news,
    };
  }

  private async article(id: string): Promise<RenderedPage> {
    const { body: n } = await this.api<NewsItem>(`/api/news/${encodeURIComponent(id)}`);
    if (!n)
      return {
        status: 404,
        title: `Not found · ${this.shop}`,
        description: 'No such article.',
        noindex: true,
      };
    return {
      title: `${n.title} · ${this.shop}`,
      description: clip(n.body),
      canonical: this.base + paths.newsItem(n._id),
      ogType: 'article',
    };
  }
}
