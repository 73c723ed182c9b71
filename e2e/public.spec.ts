import { test, expect, expectAccessible } from './fixtures';

test.describe('home', () => {
  test('hero, tools grid, trust stats, partners, promo video, news teasers and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Toolhouse/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const tools = page.getByRole('region', { name: 'Our tools', exact: true });
    await expect(tools.getByRole('article')).toHaveCount(6);
    await expect(tools.getByRole('link', { name: /^Order Now/ }).first()).toHaveAttribute(
      'href',
      /^\/product\/[0-9a-f-]{36}$/,
    );

    await expect(
      page.getByRole('region', { name: 'Trusted by workshops nationwide' }).getByRole('img'),
    ).toHaveCount(4);
    const video = page.locator('video');
    await expect(video).toHaveAttribute('poster', /promo-poster\.webp$/);
    for (const src of await page
      .locator('video source')
      .evaluateAll((els) => els.map((e) => (e as HTMLSourceElement).src))) {
      expect((await page.request.get(src)).status(), src).toBe(200);
    }

    const news = page.getByRole('region', { name: 'Blogs and News' });
    await expect(news.getByRole('article')).toHaveCount(3);
    for (const teaser of await news.locator('article p.text-base-content\\/85').allTextContents()) {
      expect(teaser.length).toBeLessThanOrEqual(201);
    }
    await expectAccessible(page, 'home');
  });

  test('the hero action scrolls smoothly to the tools', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Our tools', exact: true }).getByRole('article').first(),
    ).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Explore our tools' }).click();
    await expect(page.getByRole('heading', { name: 'Our tools', exact: true })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  test('trust counters count up to 129+, 10+ and 23+ when they come into view', async ({ page }) => {
    await page.goto('/');
    const customers = page.getByTestId('counter-customers');
    await expect(customers).toHaveText('0+');
    await customers.scrollIntoViewIfNeeded();
    await expect(customers).not.toHaveText('0+');
    await expect(customers).toHaveText('129+', { timeout: 6_000 });
    await expect(page.getByTestId('counter-tools')).toHaveText('10+');
    await expect(page.getByTestId('counter-reviews')).toHaveText('23+');
    await expect(page.getByText('129+ customers')).toBeAttached();
  });

  test('Read more opens the article', async ({ page }) => {
    await page.goto('/');
    const first = page.getByRole('region', { name: 'Blogs and News' }).getByRole('article').first();
    const title = (await first.getByRole('heading').textContent())!;
    await first.getByRole('link', { name: /^Read more/ }).click();
    await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(/^By /)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectAccessible(page, 'article');
  });
});

test('/our-products shows every product with image, name, price in dollars, quantity and Order Now', async ({
  page,
  request,
}) => {
  // The catalogue's first page, newest first: all 18 demo products fit on it.
  const products = (
    (await (await request.get('/api/catalogue/search?sort=newest')).json()) as {
      items: { _id: string; name: string; price: number }[];
    }
  ).items;
  await page.goto('/our-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our products' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(products.length);
  const first = cards.first();
  await expect(first.getByRole('img', { name: products[0]!.name })).toBeVisible();
  await expect(first.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  await expect(first.getByText(/in stock$/)).toBeVisible();
  await expect(first.getByRole('link', { name: /^Order Now/ })).toHaveAttribute(
    'href',
    `/product/${products[0]!._id}`,
  );
  await expectAccessible(page, 'products');
});

test('/our-products shows an error with a retry when the API fails, and recovers', async ({ page }) => {
  let fail = true;
  await page.route('**/api/catalogue/search?*', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          json: { error: 'internal', message: 'Something went wrong on our side. Please try again.' },
        })
      : route.continue(),
  );
  // The server renders /our-products with its results (decision 056): the browser asks for them, and meets the
  // failure, when it goes there from another page.
  await page.goto('/my-blog');
  await page.getByRole('banner').getByRole('link', { name: 'Products' }).first().click();
  await expect(page.getByRole('alert')).toContainText('We could not load the products.', { timeout: 15_000 });
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('/my-blog is an accordion of five questions', async ({ page }) => {
  await page.goto('/my-blog');
  await expect(page).toHaveTitle(/My Blog/);
  const buttons = page.locator('main').getByRole('button');
  await expect(buttons).toHaveCount(5);
  for (const topic of [
    /performance/i,
    /state/i,
    /prototypal inheritance/i,
    /set the state directly/i,
    /unit test/i,
  ]) {
    await expect(buttons.filter({ hasText: topic }).first()).toBeVisible();
  }
  const third = buttons.nth(2);
  await expect(third).toHaveAttribute('aria-expanded', 'false');
  await third.click();
  await expect(third).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: (await third.textContent())!.trim() })).toBeVisible();
  await expectAccessible(page, 'my-blog');
});

test('/portfolio shows skills, projects with their links and a Coming Soon tile', async ({ page }) => {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skills' })).toBeVisible();
  const projects = page.getByRole('region', { name: 'Projects' });
  await expect(projects.getByRole('link', { name: /Live/ }).first()).toBeVisible();
  await expect(projects.getByRole('link', { name: /Client/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
  await expectAccessible(page, 'portfolio');
});

test('/blog lists every article', async ({ page, request }) => {
  const news = (await (await request.get('/api/news')).json()) as unknown[];
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs and News' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(news.length);
  await expectAccessible(page, 'news');
});

test.describe('not found', () => {
  test('any other path shows Sorry with a Home button, answered with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Sorry' })).toBeVisible();
    await expectAccessible(page, 'not-found');
    await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: 'Our tools', exact: true })).toBeVisible();
  });

  test('an unknown or malformed article id shows Sorry', async ({ page }) => {
    await page.goto('/blog/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Sorry' })).toBeVisible();
    await page.goto('/blog/not-an-id');
    await expect(page.getByRole('heading', { name: 'Sorry' })).toBeVisible();
  });
});

test('navigation and footer', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, url] of [
    ['Products', /\/our-products$/],
    ['My Blog', /\/my-blog$/],
    ['Portfolio', /\/portfolio$/],
    ['Login', /\/login$/],
    ['Home', /\/$/],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '+1 (555) 010-0199' })).toHaveAttribute(
    'href',
    'tel:+15550100199',
  );
  await expect(footer.getByRole('link', { name: 'sales@toolhouse.example' })).toHaveAttribute(
    'href',
    'mailto:sales@toolhouse.example',
  );
  await expect(footer.getByText('100 Foundry Road')).toBeVisible();
  for (const brand of ['Mastercard', 'Visa', 'American Express'])
    await expect(footer.getByRole('img', { name: brand })).toBeVisible();
  for (const social of ['Facebook', 'LinkedIn', 'YouTube', 'X (Twitter)'])
    await expect(footer.getByRole('link', { name: social })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/dashboard');
  await expect(footer.getByRole('link', { name: 'Checkout' })).toHaveAttribute(
    'href',
    '/dashboard/my-orders',
  );
  await footer.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('static files: robots.txt, favicon, and immutable hashed assets', async ({ request, page }) => {
  expect((await request.get('/robots.txt')).status()).toBe(200);
  expect((await request.get('/favicon.ico')).status()).toBe(200);
  await page.goto('/');
  const script = await page.locator('script[type="module"]').getAttribute('src');
  const res = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toContain('immutable');
});
