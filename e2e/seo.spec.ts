import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';

// The pages a crawler reads without running JavaScript (decision 048): their server-rendered no-script content.
const publicPages = ['/', '/our-products?category=compressors', '/our-products?page=2', '/blog'];

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const url of publicPages) {
    test(`${url} shows its content and passes axe`, async ({ page }) => {
      const res = await page.goto(url);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^http/);
      await expectAccessible(page, `${url} without JavaScript`);
    });
  }

  test('the catalogue lists products with prices, linked to their pages', async ({ page }) => {
    await page.goto('/our-products?category=compressors');
    const first = page.getByRole('main').getByRole('listitem').first();
    await expect(first).toContainText(/\$\d+\.\d{2}/);
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/product\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
  });
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
