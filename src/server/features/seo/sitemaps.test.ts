import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productPath } from '@shared/catalogue/product-slug';
import { products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { makeCatalogueProduct } from '../../test/catalogue';
import { parseSitemapIndex, parseUrlset } from '../../test/sitemap-xml';
import { listedProducts } from '../catalogue/index';

const BASE = 'http://localhost:3000';
const path = (loc: string) => loc.slice(BASE.length);

async function get(t: TestApp, url: string) {
  const res = await t.app.inject(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  return res.body;
}

describe('with public product pages', () => {
  let t: TestApp;
  let admin: Client;
  let listed: { id: string; name: string }[];
  let archivedId: string;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true', PUBLIC_PRODUCT_PAGES: 'true' });
    admin = await signUpAdmin(t.app);
    // Names that must be escaped in XML, and one to archive.
    await makeCatalogueProduct(t.app, { name: 'Hose & Fittings <Kit> "Pro"', category: 'compressors' });
    archivedId = (await makeCatalogueProduct(t.app, { name: 'Gone Compressor' })).id;
    await t.app.database.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, archivedId));
    listed = await t.app.database.db.query.products.findMany({
      columns: { id: true, name: true },
      where: (p, { isNull }) => isNull(p.archivedAt),
    });
  });
  afterAll(() => t.close());

  it('robots.txt allows the public pages, keeps crawlers out of the dashboard and the API, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /dashboard',
        'Disallow: /api/',
        `Sitemap: ${BASE}/sitemap.xml`,
      ]),
    );
  });

  it('the index names the category, news and product sitemaps, each of which validates', async () => {
    const index = parseSitemapIndex(await get(t, '/sitemap.xml'));
    expect(index.map((s) => path(s.loc))).toEqual([
      '/sitemaps/categories.xml',
      '/sitemaps/news.xml',
      '/sitemaps/products-1.xml',
    ]);
    for (const s of index) parseUrlset(await get(t, path(s.loc)));
  });

  it('lists every listed product once, at its canonical URL, escaped, with its last change; never an archived one', async () => {
    const urls = parseUrlset(await get(t, '/sitemaps/products-1.xml'));
    const locs = urls.map((u) => path(u.loc));
    expect(locs.sort()).toEqual(listed.map((p) => productPath(p.id, p.name)).sort());
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((l) => l.includes(archivedId))).toBe(false);
    expect(urls.every((u) => u.lastmod)).toBe(true);
    expect(await get(t, '/sitemaps/products-1.xml')).toContain('hose-fittings-kit-pro');
  });

  it("moves a product's lastmod and URL when an admin renames it", async () => {
    const product = listed[0]!;
    const before = parseUrlset(await get(t, '/sitemaps/products-1.xml')).find((u) =>
      u.loc.includes(product.id),
    )!;
    await new Promise((r) => setTimeout(r, 1100));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { name: 'Renamed Screw Compressor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = parseUrlset(await get(t, '/sitemaps/products-1.xml')).find((u) =>
      u.loc.includes(product.id),
    )!;
    expect(path(after.loc)).toBe(productPath(product.id, 'Renamed Screw Compressor'));
    expect(Date.parse(after.lastmod!)).toBeGreaterThan(Date.parse(before.lastmod!));
  });

  it('has no second product file while the catalogue fits in one', async () => {
    expect((await t.app.inject('/sitemaps/products-2.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/products-0.xml')).statusCode).toBe(400);
  });

  it('reads products in keyset batches that neither skip nor repeat a row across batch and file boundaries', async () => {
    const ids = listed.map((p) => p.id).sort();
    const read = async (skip: number, limit: number, batch: number) => {
      const out: string[] = [];
      for await (const r of listedProducts(t.app.database.db, skip, limit, batch)) out.push(r.id);
      return out;
    };
    expect(await read(0, ids.length, 4)).toEqual(ids);
    // Files of 7 read in batches of 3: a file ends mid-batch, and the next file starts where it ended.
    const files: string[][] = [];
    for (let skip = 0; skip < ids.length; skip += 7) files.push(await read(skip, 7, 3));
    expect(files.length).toBeGreaterThan(2);
    expect(files.flat()).toEqual(ids);
    expect(await read(ids.length, 7, 3)).toEqual([]);
  });

  it('lists the catalogue, every category page and the news articles', async () => {
    const pages = parseUrlset(await get(t, '/sitemaps/categories.xml')).map((u) => path(u.loc));
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/our-products', '/our-products?category=compressors']),
    );
    const categories = await t.app.database.db.query.categories.findMany();
    for (const c of categories) expect(pages).toContain(`/our-products?category=${c.slug}`);
    const articles = (await t.app.inject('/api/news')).json() as { _id: string }[];
    const news = parseUrlset(await get(t, '/sitemaps/news.xml')).map((u) => path(u.loc));
    expect(news.sort()).toEqual(['/blog', ...articles.map((a) => `/blog/${a._id}`)].sort());
  });
});

describe('with product pages behind the login (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('lists no product pages, since crawlers would meet the login', async () => {
    const index = parseSitemapIndex(await get(t, '/sitemap.xml'));
    expect(index.map((s) => path(s.loc))).toEqual(['/sitemaps/categories.xml', '/sitemaps/news.xml']);
    expect((await t.app.inject('/sitemaps/products-1.xml')).statusCode).toBe(404);
  });
});
