import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { e2eRatesURL } from './rates';

// The pages a crawler reads without running JavaScript: React renders them on the server (decision 056).
const publicPages = [
  '/',
  '/our-products?category=compressors',
  '/our-products?page=2',
  '/our-products?q=compressor&sort=price_asc',
  '/blog',
];

/**
 * Opens `url` as a reader without JavaScript sees it: the server's HTML with the app's scripts left out. (Axe itself
 * needs JavaScript, so the page keeps it; only the app does not run.)
 */
async function openWithoutApp(page: Page, url: string) {
  await page.route(
    (u) => u.pathname + u.search === url,
    async (route) => {
      const res = await route.fetch();
      const html = (await res.text())
        .replace(/<script type="module"[^>]*><\/script>/g, '')
        .replace(/<\/?noscript>/g, '');
      await route.fulfill({ response: res, body: html });
    },
  );
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
}

for (const url of publicPages) {
  test(`${url} without JavaScript shows its content and passes axe`, async ({ page }) => {
    await openWithoutApp(page, url);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    // A search is noindex and names no canonical; every other listing does.
    if (!url.includes('q=')) {
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^http/);
    }
    await expectAccessible(page, `${url} without JavaScript`);
  });
}

test('without JavaScript the catalogue lists products with prices, linked to their pages', async ({
  page,
}) => {
  await openWithoutApp(page, '/our-products?category=compressors');
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first).toContainText(/\$\d+\.\d{2}/);
  await expect(first.getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/product\/[0-9a-f-]{36}\/[a-z0-9-]+$/,
  );
});

test('the web app hydrates the server-rendered pages without React warnings or errors, asking for none of their data again', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  const dataCalls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (/^\/api\/(catalogue\/search|catalogue\/categories|homeproduct|news)/.test(u.pathname)) {
      dataCalls.push(u.pathname + u.search);
    }
  });
  await page.goto('/blog');
  const article = page.getByRole('link', { name: /^Read more ?:/ }).first();
  const articleUrl = await article.getAttribute('href');
  for (const url of [...publicPages, articleUrl!]) {
    dataCalls.length = 0;
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Hydrated: React has taken over the server's HTML (its root carries React's container key).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react')),
        ),
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(dataCalls, url).toEqual([]);
    await expect(page.locator('main')).toHaveCount(1);
  }
  expect(messages).toEqual([]);
});

test('the catalogue hydrated from the server still searches, filters and pages in the browser', async ({
  page,
}) => {
  await page.goto('/our-products?category=compressors');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  const search = page.getByLabel('Search the catalogue');
  await search.fill('diesel');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=diesel/);
  await expect(page.getByRole('main').getByRole('article').first()).toContainText(/diesel/i);
});

test('a public product page hydrates without React warnings or errors, asks for the product no more, and passes axe', async ({
  page,
}) => {
  // The rates shop runs with PUBLIC_PRODUCT_PAGES=true (playwright.config.ts); the main one keeps the login wall.
  const base = e2eRatesURL();
  const [product] = (await (await page.request.get(`${base}/api/products`)).json()) as { _id: string }[];
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  const productCalls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === `/api/product/${product!._id}`) productCalls.push(u.pathname);
  });
  const res = await page.goto(`${base}/product/${product!._id}`);
  expect(res?.status()).toBe(200);
  // Server-rendered: the HTML itself names the product and its picture, with the picture's smaller copies.
  const html = await res!.text();
  expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  expect(html).toMatch(/<img[^>]+srcSet="[^"]+-400\.webp 400w/i);
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(productCalls).toEqual([]);
  expect(messages).toEqual([]);
  await expectAccessible(page, 'a public product page');
});
