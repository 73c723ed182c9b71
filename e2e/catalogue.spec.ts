import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardNames = (page: Page) => cards(page).getByRole('heading').allTextContents();
const status = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /Showing|No products/ });

test('a search with a typo finds the product and offers the right word', async ({ page }) => {
  await page.goto('/our-products');
  await page.getByLabel('Search the catalogue').fill('rotery compresor');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/our-products\?q=rotery\+compresor$/);
  await expect(cards(page).filter({ hasText: 'Rotary Screw Compressor 7.5 kW' })).toBeVisible();
  await expect(page.getByText('Did you mean')).toBeVisible();
  await expect(page.getByRole('link', { name: 'compressor', exact: true })).toBeVisible();
  // The card keeps the spec's content and adds the part number and two key specs.
  const card = cards(page).filter({ hasText: 'Rotary Screw Compressor 7.5 kW' });
  await expect(card.getByText('RS-75-400')).toBeVisible();
  await expect(card.getByText('8 bar')).toBeVisible();
  await expect(card.getByText(/in stock$/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Order Now: Rotary Screw Compressor 7.5 kW' })).toBeVisible();
  await expectAccessible(page, 'catalogue search');

  await page.getByLabel('Search the catalogue').fill('xyzzy');
  await page.getByLabel('Search the catalogue').press('Enter');
  await expect(page.getByRole('heading', { name: 'No products match “xyzzy”.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Compressors' }).last()).toBeVisible();
  await expectAccessible(page, 'no results');
});

test('results, counts and facets follow the text typed letter by letter; Back returns to before typing', async ({
  page,
}) => {
  await page.goto('/our-products');
  await expect(status(page)).toHaveText(/^Showing 1–\d+ of \d+ products$/);
  const everything = await status(page).textContent();
  const inStock = page.getByRole('main').getByText('In stock only');
  const allInStock = await inStock.textContent();
  const field = page.getByLabel('Search the catalogue');
  const seen: string[] = [];
  // Letter by letter, pausing past the 100 ms debounce: each prefix is searched, and the page follows it.
  for (const letter of 'compresor') {
    await field.press(letter);
    const typed = `${seen.at(-1) ?? ''}${letter}`;
    seen.push(typed);
    await expect(page).toHaveURL(new RegExp(`/our-products\\?q=${typed}$`));
    await expect(status(page)).toHaveText(/^(Showing 1–\d+ of \d+ products|No products found)$/);
  }
  await expect(field).toHaveValue('compresor');
  // "compresor" is read as "compressor": the compressors, their count, and counts in the filters for them alone.
  await expect(page.getByText('Did you mean')).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Rotary Screw Compressor 7.5 kW' })).toBeVisible();
  await expect(status(page)).not.toHaveText(everything!);
  await expect(inStock).not.toHaveText(allInStock!);
  await expectAccessible(page, 'search as you type');

  // One history entry for the whole typing: Back returns to the page before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/our-products$/);
  await expect(field).toHaveValue('');
  await expect(status(page)).toHaveText(everything!);
  await expect(inStock).toHaveText(allInStock!);
});

test('the navbar suggestions show each product with its image, part number and price', async ({ page }) => {
  await page.goto('/');
  const field = page.getByRole('banner').getByLabel('Search products');
  await field.focus();
  await page.keyboard.type('rs-75');
  const option = page
    .getByRole('listbox', { name: 'Search suggestions' })
    .getByRole('group', { name: 'Products' })
    .getByRole('option')
    .first();
  await expect(option).toContainText('Rotary Screw Compressor 7.5 kW');
  await expect(option).toContainText(/RS-75-400 · \$[\d,]+\.\d\d/);
  await expect(option.locator('img')).toHaveAttribute('src', /\/media\//);
  await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  // Watched from before the key: an anonymous visitor is sent on to the login at once (product pages are behind it),
  // which can be quicker than a poll of the address.
  const opened = page.waitForURL(/\/product\//);
  await page.keyboard.press('Enter');
  await opened;
});

test('category and a pressure range in psi; the browser remembers the units', async ({ page }) => {
  await page.goto('/our-products');
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /^Compressors/ })
    .click();
  await expect(page).toHaveURL(/\?category=compressors$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Compressors' })).toBeVisible();
  await expect(status(page)).toHaveText('Showing 1–3 of 3 products');

  await page.getByRole('radio', { name: 'Imperial' }).check({ force: true });
  const pressure = page.getByRole('group', { name: 'Maximum pressure (psi)' });
  await pressure.getByLabel('Min').fill('110');
  await pressure.getByLabel('Max').fill('120');
  await pressure.getByRole('button', { name: 'Apply' }).click();
  // The URL stays canonical (bar): the same link shows the same products in either unit system.
  await expect(page).toHaveURL(/category=compressors&spec\.pressure=7\.5842\.\.8\.2738$/);
  await expect(status(page)).toHaveText('Showing 1–2 of 2 products');
  expect(await cardNames(page)).not.toContain('Portable Diesel Compressor 5 m³/min');
  await expect(cards(page).first().getByText('116 psi')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Remove filter Maximum pressure: 110–120 psi' }),
  ).toBeVisible();
  await expectAccessible(page, 'filtered catalogue');

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Imperial' })).toBeChecked();
  await expect(pressure.getByLabel('Min')).toHaveValue('110');
  await expect(status(page)).toHaveText('Showing 1–2 of 2 products');

  await page.getByRole('button', { name: /^Remove filter Maximum pressure/ }).click();
  await expect(status(page)).toHaveText('Showing 1–3 of 3 products');
  await page.getByRole('radio', { name: 'Metric' }).check({ force: true });
  await expect(
    cards(page)
      .first()
      .getByText(/\d bar$/),
  ).toBeVisible();
});

test('sort by price, then page 2 and back', async ({ page }) => {
  await page.goto('/our-products?pageSize=6');
  await expect(status(page)).toHaveText(/^Showing 1–6 of \d+ products$/);
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/\?sort=price_asc&pageSize=6$/);
  const prices = async () =>
    (
      await cards(page)
        .getByText(/^\$[\d,]+\.\d{2}$/)
        .allTextContents()
    ).map((t) => Number(t.replace(/[$,]/g, '')));
  // The previous results stay on screen (dimmed) while the sorted ones load: wait for the sorted page itself.
  const ascending = (p: number[]) => p.every((v, i) => i === 0 || p[i - 1]! <= v);
  await expect
    .poll(async () => {
      const p = await prices();
      return p.length === 6 && ascending(p);
    })
    .toBe(true);
  const first = await prices();
  expect(first).toEqual([...first].sort((a, b) => a - b));
  const pageOne = await cardNames(page);

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/sort=price_asc&page=2&pageSize=6$/);
  await expect(status(page)).toHaveText(/^Showing 7–12 of \d+ products$/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'All products' })).toBeFocused();
  const second = await prices();
  expect(Math.min(...second)).toBeGreaterThanOrEqual(Math.max(...first));
  expect(await cardNames(page)).not.toEqual(pageOne);
  await expectAccessible(page, 'catalogue page 2');

  await page.goBack();
  await expect(page).toHaveURL(/\?sort=price_asc&pageSize=6$/);
  await expect(status(page)).toHaveText(/^Showing 1–6 of/);
  await expect.poll(() => cardNames(page)).toEqual(pageOne);
  await page.goForward();
  await expect(status(page)).toHaveText(/^Showing 7–12 of/);
});

test('the URL reproduces the view in a new tab', async ({ page, context }) => {
  await page.goto('/our-products');
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /^Power tools/ })
    .click();
  await page.getByLabel('Sort by').selectOption('name');
  await page.getByLabel('Per page').selectOption('12');
  await page.getByRole('group', { name: 'Price ($)' }).getByLabel('Min').fill('100');
  await page.getByRole('group', { name: 'Price ($)' }).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/category=power-tools&price=100\.\.&sort=name&pageSize=12$/);
  await expect(status(page)).toHaveText(/^Showing 1–\d+ of \d+ products$/);
  const names = await cardNames(page);
  const text = await status(page).textContent();

  const tab = await context.newPage();
  await tab.goto(page.url());
  await expect(tab.getByRole('heading', { level: 2, name: 'Power tools' })).toBeVisible();
  await expect(status(tab)).toHaveText(text!);
  await expect.poll(() => cardNames(tab)).toEqual(names);
  await expect(tab.getByLabel('Sort by')).toHaveValue('name');
  await expect(tab.getByRole('group', { name: 'Price ($)' }).getByLabel('Min')).toHaveValue('100');
  await expect(
    tab.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: /^Power tools/ }),
  ).toHaveAttribute('aria-current', 'page');
});

test('the navbar search suggests as you type and works from the keyboard', async ({ page }) => {
  await page.goto('/');
  // A plain search field until its first focus loads the combobox code.
  const field = page.getByRole('banner').getByLabel('Search products');
  await expect(field).toHaveRole('searchbox');
  await field.focus();
  await page.keyboard.type('rotary');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list.getByRole('option', { name: /Rotary Screw Compressor 7\.5 kW/ }).first()).toBeVisible();
  await expect(list.getByRole('group', { name: 'Categories' }).getByRole('option')).toHaveText([
    /Rotary screw/,
  ]);
  await expectAccessible(page, 'navbar suggestions');

  // Down through the list to the category, then Enter.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).textContent())?.includes('Category')) break;
  }
  const active = await box.getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`[id="${active}"]`)).toContainText('Rotary screw');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/our-products\?category=rotary-screw$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Rotary screw' })).toBeVisible();

  // Escape closes the list, a second Escape empties the field; Enter searches the text. From another page: the
  // catalogue's own page has one search box, its own (the header's is not shown there).
  await page.goto('/');
  await field.focus();
  await page.keyboard.type('atlas');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await page.keyboard.type('air dryer');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/our-products\?q=air\+dryer$/);
  // The home page (its news teaser names air dryers too) stays up until the catalogue's code has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Our products' })).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Refrigerated Air Dryer' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters open in a drawer and apply behind it', async ({ page }) => {
    await page.goto('/our-products');
    await expect(status(page)).toHaveText(/^Showing 1–\d+ of \d+ products$/);
    await expect(page.getByRole('navigation', { name: 'Categories' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    // The box follows the URL, which changes in a transition: click, then wait for it to be ticked.
    await drawer.getByRole('checkbox', { name: /^Pneumax/ }).click();
    await expect(drawer.getByRole('checkbox', { name: /^Pneumax/ })).toBeChecked();
    await expect(page).toHaveURL(/\?brand=Pneumax$/);
    await expectAccessible(page, 'filter drawer');
    await drawer.getByRole('button', { name: /^Show \d+ products$/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expect(status(page)).toHaveText(/^Showing 1–4 of 4 products$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the product page shows breadcrumbs, specs in the chosen units and related products', async ({
  page,
  register,
}) => {
  const name = '18V Brushless Impact Wrench 1/2"';
  await register({ name: 'Spec Reader' });
  await page.goto('/our-products?category=cordless-tools');
  await page.getByRole('link', { name: `Order Now: ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link')).toHaveText(['Our products', 'Power tools', 'Cordless']);
  const specs = page.getByRole('region', { name: 'Technical specifications' });
  await expect(specs.getByRole('row', { name: /Maximum torque/ })).toContainText('610 N·m');
  await specs.getByRole('radio', { name: 'Imperial' }).check({ force: true });
  await expect(specs.getByRole('row', { name: /Maximum torque/ })).toContainText('450 ft·lb');
  await expect(specs.getByRole('row', { name: 'SKU' })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related products' });
  await expect(
    related.getByRole('article').filter({ hasText: '18V Brushless Drill Driver 13 mm' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeVisible();
  await expectAccessible(page, 'product page');
  await crumbs.getByRole('link', { name: 'Power tools' }).click();
  await expect(page).toHaveURL(/\/our-products\?category=power-tools$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Power tools' })).toBeVisible();
});
