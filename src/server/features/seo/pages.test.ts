import { dollarsToCents, formatCents } from '@shared/common/money';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricedProduct } from '@shared/catalogue/catalogue.schema';
import type { SearchResult } from '@shared/catalogue/search.schema';
import { productPath } from '@shared/catalogue/product-slug';
import { CARD_IMAGE_SIZES } from '@shared/media/responsive-image';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { makeCatalogueProduct } from '../../test/catalogue';

const BASE = 'http://localhost:3000';
const shellSource = fileURLToPath(new URL('../../../web/index.html', import.meta.url));

/** A web directory holding the web app's real shell (its head and root element, as the build keeps them). */
async function webDirWithShell() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-seo-pages-'));
  await writeFile(path.join(dir, 'index.html'), await readFile(shellSource, 'utf8'));
  return dir;
}

const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The page as a reader without JavaScript gets it: the HTML as the server sent it, no script run. */
async function page(t: TestApp, url: string, status = 200) {
  const res = await t.app.inject(url);
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const doc = new JSDOM(res.body).window.document;
  // The only scripts are data (JSON-LD, the queries) and the app's module: nothing inline runs (CSP), and no part of
  // the page waits for a script to move it in place.
  for (const s of doc.querySelectorAll('script')) {
    expect(s.getAttribute('type'), url).toMatch(/^(application\/ld\+json|application\/json|module)$/);
  }
  expect(res.body, url).not.toContain('<!--$?-->');
  const meta = (sel: string) => doc.querySelector(sel)?.getAttribute('content') ?? null;
  return {
    doc,
    title: doc.title,
    description: meta('meta[name="description"]'),
    robots: meta('meta[name="robots"]'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: (p: string) => meta(`meta[property="og:${p}"]`),
    jsonLd: Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).map(
      (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown> & { '@type': string },
    ),
    /** What a reader without JavaScript sees: the server-rendered cards (products, articles), as their text. */
    items: Array.from(doc.querySelectorAll('#root main article')).map((a) => squash(a.textContent)),
    /** Each card's heading. */
    headings: Array.from(doc.querySelectorAll('#root main article :is(h1, h2, h3)')).map((h) =>
      squash(h.textContent),
    ),
    links: Array.from(doc.querySelectorAll('#root a')).map((a) => a.getAttribute('href')),
  };
}

describe('server-rendered public pages (product pages public)', () => {
  let t: TestApp;
  let admin: Client;
  let webDir: string;
  beforeAll(async () => {
    webDir = await webDirWithShell();
    t = await createTestApp({ SEED_DEMO: 'true', PUBLIC_PRODUCT_PAGES: 'true' }, { webDir });
    admin = await signUpAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it("the catalogue page's first HTML lists the products and prices of its query, with paging links", async () => {
    const query = 'category=compressors&sort=price_asc&pageSize=12';
    const api = (await t.app.inject(`/api/catalogue/search?${query}`)).json() as SearchResult;
    expect(api.items.length).toBeGreaterThan(0);
    const p = await page(t, `/our-products?${query}`);
    // Every product of the query, in its order, with the price an anonymous visitor sees, stock and minimum order.
    expect(p.headings).toEqual(api.items.map((i) => i.name));
    api.items.forEach((i, n) => {
      expect(p.items[n]).toContain(formatCents(dollarsToCents(i.price)));
      expect(p.items[n]).toContain(`${i.quantity.toLocaleString('en-US')} in stock`);
    });
    expect(p.links).toEqual(expect.arrayContaining(api.items.map((i) => productPath(i._id, i.name))));
    expect(p.canonical).toBe(`${BASE}/our-products?category=compressors`);
    expect(p.title).toMatch(/Compressors/i);
    expect(p.robots).toBeNull();
    // Facets are links to the category pages.
    expect(p.links.some((l) => l?.startsWith('/our-products?category='))).toBe(true);
    if (api.total > 12)
      expect(p.doc.querySelector('link[rel="next"]')?.getAttribute('href')).toContain('page=2');
  });

  it('preloads the first pictures as the cards show them: the same srcset and sizes, so each is fetched once', async () => {
    const p = await page(t, '/our-products');
    const cards = Array.from(p.doc.querySelectorAll('#root main article img')).slice(0, 3);
    expect(cards).toHaveLength(3);
    const preloads = Array.from(p.doc.head.querySelectorAll('link[rel="preload"][as="image"]'));
    for (const img of cards) {
      expect(img.getAttribute('srcset'), img.outerHTML).toMatch(
        /-200\.webp 200w, .*-400\.webp 400w, .*\.webp 800w$/,
      );
      expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '600']);
      const matching = preloads.filter((l) => l.getAttribute('imagesrcset') === img.getAttribute('srcset'));
      expect(matching.length, img.outerHTML).toBeGreaterThan(0);
      for (const l of matching) expect(l.getAttribute('imagesizes')).toBe(CARD_IMAGE_SIZES);
    }
    // A preload without the srcset would fetch the 800 px original beside the copy the card picks.
    for (const l of preloads) expect(l.getAttribute('imagesrcset'), l.outerHTML).toBeTruthy();
    expect(preloads[0]!.getAttribute('fetchpriority')).toBe('high');
  });

  it('keeps searches out of the index, and still renders their results', async () => {
    const p = await page(t, '/our-products?q=compressor');
    expect(p.robots).toBe('noindex');
    expect(p.headings.some((h) => /compressor/i.test(h))).toBe(true);
  });

  it('a product page carries JSON-LD Product, Offer and BreadcrumbList matching the API, and Open Graph tags', async () => {
    const created = await makeCatalogueProduct(t.app, {
      name: 'Rotary Screw Compressor 7.5 kW </script>',
      category: 'compressors',
      priceCents: 489_900,
      quantity: 3,
      minOrder: 1,
    });
    const api = (await t.app.inject(`/api/product/${created.id}`)).json() as PricedProduct;
    const url = productPath(created.id, created.name);
    const p = await page(t, url);
    const product = p.jsonLd.find((d) => d['@type'] === 'Product')!;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: api.name,
      sku: created.sku,
      url: BASE + url,
      offers: {
        '@type': 'Offer',
        price: api.price.toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(product.aggregateRating).toBeUndefined(); // no reviews yet
    const crumbs = p.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: api.name, item: BASE + url });
    expect(crumbs.itemListElement.map((c) => c.position)).toEqual(
      crumbs.itemListElement.map((_, i) => i + 1),
    );
    expect(p.canonical).toBe(BASE + url);
    expect(p.og('type')).toBe('product');
    expect(p.og('url')).toBe(BASE + url);
    expect(p.title).toContain(api.name);
    // The page itself is in the HTML: the product's name and the price an anonymous visitor sees.
    expect(p.doc.querySelector('#root main h1')?.textContent).toBe(api.name);
    expect(p.doc.querySelector('#root main')?.textContent).toContain(formatCents(dollarsToCents(api.price)));
    // The spec's /product/{id} is the same page, with the same canonical.
    expect((await page(t, `/product/${created.id}`)).canonical).toBe(BASE + url);
  });

  it('says OutOfStock or BackOrder from stock and backorders', async () => {
    const out = await makeCatalogueProduct(t.app, { name: 'Sold Out Grinder', quantity: 0 });
    const offer = async (id: string, name: string) =>
      (
        (await page(t, productPath(id, name))).jsonLd.find((d) => d['@type'] === 'Product')!.offers as {
          availability: string;
        }
      ).availability;
    expect(await offer(out.id, out.name)).toBe('https://schema.org/OutOfStock');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${out.id}`,
      headers: admin.headers,
      payload: { backorderable: true, leadTimeDays: 14 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await offer(out.id, out.name)).toBe('https://schema.org/BackOrder');
  });

  it('renders again after a change is announced (a renamed product shows its new name)', async () => {
    const before = await page(t, '/our-products?sort=newest&pageSize=12');
    const created = await makeCatalogueProduct(t.app, { name: 'Fresh Impact Driver' });
    const after = await page(t, '/our-products?sort=newest&pageSize=12');
    expect(before.headings.join()).not.toContain('Fresh Impact Driver');
    expect(after.headings.join()).toContain('Fresh Impact Driver');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${created.id}`,
      headers: admin.headers,
      payload: { name: 'Renamed Impact Driver' },
    });
    expect(res.statusCode).toBe(200);
    expect((await page(t, '/our-products?sort=newest&pageSize=12')).headings.join()).toContain(
      'Renamed Impact Driver',
    );
  });

  it('the home page carries the Organization, and news pages their articles', async () => {
    const home = await page(t, '/');
    expect(home.jsonLd.find((d) => d['@type'] === 'Organization')).toMatchObject({
      name: 'Toolhouse',
      url: `${BASE}/`,
    });
    expect(home.canonical).toBe(`${BASE}/`);
    // Its products and news are in the HTML, with their prices.
    const tiles = (await t.app.inject('/api/homeproduct')).json() as PricedProduct[];
    expect(home.headings).toEqual(expect.arrayContaining(tiles.map((p) => p.name)));
    expect(home.items.find((i) => i.includes(tiles[0]!.name))).toContain(
      formatCents(dollarsToCents(tiles[0]!.price)),
    );
    const articles = (await t.app.inject('/api/news')).json() as { _id: string; title: string }[];
    const news = await page(t, '/blog');
    expect(news.headings).toEqual(articles.map((a) => a.title));
    const article = await page(t, `/blog/${articles[0]!._id}`);
    expect(article.title).toContain(articles[0]!.title);
    // The article itself, server-rendered: its heading and its first paragraph.
    expect(article.doc.querySelector('#root main article h1')?.textContent).toBe(articles[0]!.title);
    const body = ((await t.app.inject(`/api/news/${articles[0]!._id}`)).json() as { body: string }).body;
    expect(article.items[0]).toContain(
      body
        .split(/\n{2,}/)[0]!
        .replace(/\s+/g, ' ')
        .trim(),
    );
    expect(article.og('type')).toBe('article');
  });

  it('gives a signed-in visitor the shell with its head: their page renders in the browser, with their prices', async () => {
    const anonymous = await t.app.inject('/our-products');
    expect(anonymous.body).toContain('id="server-state"');
    const res = await t.app.inject({ url: '/our-products', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="server-state"');
    expect(res.body).toContain('<link rel="canonical"');
  });

  it('marks private pages noindex, and unknown pages 404 and noindex', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard/my-orders',
      '/dashboard/manage-product',
      '/login',
      '/register',
    ]) {
      const p = await page(t, url);
      expect(p.robots, url).toBe('noindex');
      expect(p.canonical, url).toBeNull();
    }
    expect((await page(t, '/no-such-page', 404)).robots).toBe('noindex');
    expect((await page(t, '/product/00000000-0000-4000-8000-000000000000', 404)).robots).toBe('noindex');
  });
});

describe('product pages behind the login (the default)', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await webDirWithShell();
    t = await createTestApp({ SEED_DEMO: 'true' }, { webDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('are noindex and hold no product data', async () => {
    const product = await makeCatalogueProduct(t.app, { name: 'Hidden Price Sander', priceCents: 12_345 });
    const res = await t.app.inject(`/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).not.toContain('Hidden Price Sander');
    expect(res.body).not.toContain('123.45');
    // Behind the login the page depends on the session: the browser renders it.
    expect(res.body).toContain('<div id="root"></div>');
  });
});
