import type { Locator, Page } from '@playwright/test';
import { e2eAdmin } from './admin';
import { newProduct } from './products';
import { test, expect, expectAccessible } from './fixtures';

// A new user's phone (issue 39, item 14): the size they tried the shop on.
const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** Wholly inside the first screen, with the page not scrolled. */
async function expectOnFirstScreen(page: Page, what: Locator, name: string) {
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
  const box = await what.boundingBox();
  expect(box, `${name} is laid out`).not.toBeNull();
  expect(box!.y, `${name} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} ends on the first screen`).toBeLessThanOrEqual(phone.height);
}

test('the catalogue shows its first product on the first screen, with one search box', async ({ page }) => {
  await page.goto('/our-products');
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first).toBeVisible();
  await expectOnFirstScreen(page, first, 'the first product card');
  await expect(page.getByRole('search')).toHaveCount(1);
  await expect(page.getByRole('searchbox')).toHaveCount(1);
  // Filters and Sort share one line, the sort's label on one line of its own (not squeezed into "Sort / by").
  const filters = (await page.getByRole('button', { name: 'Filters' }).boundingBox())!;
  const sortLabel = (await page.getByText('Sort by', { exact: true }).boundingBox())!;
  const sort = (await page.getByRole('combobox', { name: 'Sort by' }).boundingBox())!;
  expect(sortLabel.height, 'the label takes one line').toBeLessThanOrEqual(24);
  for (const box of [sortLabel, sort]) {
    expect(box.y).toBeGreaterThanOrEqual(filters.y - 4);
    expect(box.y + box.height).toBeLessThanOrEqual(filters.y + filters.height + 4);
  }

  // Page size and units moved into the Filters dialog: still there, and working.
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer.getByLabel('Per page')).toBeVisible();
  await drawer.getByRole('radio', { name: 'Imperial' }).check({ force: true });
  await expect(drawer.getByRole('radio', { name: 'Imperial' })).toBeChecked();
  await expectAccessible(page, 'catalogue filters on a phone');
});

test('the dashboard menu takes one line; every link stays reachable from the keyboard', async ({
  adminPage: admin,
}) => {
  await admin.setViewportSize(phone);
  await admin.goto('/dashboard/add-product');
  const menu = admin.getByRole('navigation', { name: 'Dashboard' });
  const links = menu.getByRole('link');
  await expect(links).toHaveCount(18);
  const box = await menu.boundingBox();
  expect(box!.height, 'the menu is one line').toBeLessThanOrEqual(56);
  // The page's heading is on the first screen, just under the menu.
  await expectOnFirstScreen(
    admin,
    admin.getByRole('heading', { level: 1, name: 'Add A Product' }),
    'the heading',
  );
  // The current page's link is in the line's view.
  await expect(menu.getByRole('link', { name: 'Add A Product' })).toBeInViewport({ ratio: 1 });

  // Tab walks the line to its last link, which scrolls into view; Enter opens it.
  await menu.getByRole('link', { name: 'My Profile' }).focus();
  const last = menu.getByRole('link', { name: 'Webhooks' });
  for (let i = 0; i < 17; i++) await admin.keyboard.press('Tab');
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport({ ratio: 1 });
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL(/\/dashboard\/webhooks$/);
  await expect(menu.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  expect((await menu.boundingBox())!.height).toBeLessThanOrEqual(56);
  await expectAccessible(admin, 'the dashboard menu on a phone');
});

test('a toast covers neither the header nor its cart', async ({ page, login }) => {
  await page.goto('/login');
  await login(e2eAdmin);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login successfully' });
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const shown = await toast.boundingBox();
  expect(shown!.y, 'the toast is below the header').toBeGreaterThanOrEqual(header!.y + header!.height);
  expect(shown!.y + shown!.height).toBeLessThanOrEqual(phone.height);
  const cart = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await expect(cart).toBeInViewport({ ratio: 1 });
  const icon = (await cart.boundingBox())!;
  expect(
    icon.y + icon.height <= shown!.y || shown!.y + shown!.height <= icon.y,
    'the toast and the cart do not overlap',
  ).toBe(true);
});

test('the category counts follow the search text: a link counts what it shows, the text without the other filters', async ({
  page,
  adminPage: admin,
}) => {
  test.setTimeout(90_000);
  // A word of this test's own: other specs add products while it runs.
  const word = `Quillwhisk${Date.now().toString(36)}`;
  for (const [i, category, brand] of [
    [1, 'rotary-screw', 'Atlas'],
    [2, 'rotary-screw', 'Atlas'],
    [3, 'cordless-tools', 'Norden'],
  ] as const)
    await newProduct(admin, { name: `${word} Part ${i}`, category, brand });

  const status = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^Showing|^No products/ });
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  const categories = drawer.getByRole('navigation', { name: 'Categories' });
  const link = (name: string, count: number) =>
    categories.getByRole('link', { name: new RegExp(`^${name}\\s*${count}$`) });
  // Narrowed to Norden: one result, yet each category link (which keeps the text and drops the brand) counts the
  // text's matches in it.
  await expect(async () => {
    await page.goto(`/our-products?q=${word}&brand=Norden`);
    await expect(status).toHaveText('Showing 1–1 of 1 products', { timeout: 2_000 });
  }).toPass();
  await page.getByRole('button', { name: /^Filters/ }).click();
  for (const [name, count] of [
    ['Compressors', 2],
    ['Rotary screw', 2],
    ['Power tools', 1],
    ['Cordless', 1],
  ] as const)
    await expect(link(name, count)).toBeVisible();
  // Categories the text does not reach are left out (the whole catalogue has pistons).
  await expect(categories.getByRole('link', { name: /^Piston/ })).toHaveCount(0);

  await link('Rotary screw', 2).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&category=rotary-screw$`));
  // Inside the category (the drawer stays open), the others keep their numbers.
  await expect(link('Rotary screw', 2)).toHaveAttribute('aria-current', 'page');
  await expect(link('Cordless', 1)).toBeVisible();
  await expectAccessible(page, 'the category counts of a search on a phone');
  await drawer.getByRole('button', { name: 'Show 2 products' }).click();
  await expect(drawer).toBeHidden();
  await expect(status).toHaveText('Showing 1–2 of 2 products');
});
