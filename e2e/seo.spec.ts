import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures';

// The pages a crawler reads without running JavaScript (decision 048): their server-rendered no-script content.
const publicPages = ['/', '/our-products?category=compressors', '/our-products?page=2', '/blog'];

/**
 * Opens `url` as a reader without JavaScript sees it: the server's HTML with the app's scripts left out and the
 * no-script rendering shown. (Axe itself needs JavaScript, so the page keeps it; only the app does not run.)
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
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^http/);
    await expectAccessible(page, `${url} without JavaScript`);
  });
}

test('without JavaScript the catalogue lists products with prices, linked to their pages', async ({
  page,
}) => {
  await openWithoutApp(page, '/our-products?category=compressors');
  const first = page.getByRole('main').getByRole('listitem').first();
  await expect(first).toContainText(/\$\d+\.\d{2}/);
  await expect(first.getByRole('link')).toHaveAttribute('href', /^\/product\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
});

test('the web app starts on the server-rendered pages without React warnings or errors', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  for (const url of publicPages) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // With JavaScript on, the no-script rendering stays out of the page: the app's own cards are what shows.
    await expect(page.locator('main')).toHaveCount(1);
  }
  expect(messages).toEqual([]);
});
