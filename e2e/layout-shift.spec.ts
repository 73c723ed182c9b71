import { expect, test, type Page } from '@playwright/test';

// Issue 40: the server-rendered first screen must not move once the app takes over or the pictures arrive.
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

declare global {
  interface Window {
    __layoutShifts: { value: number; sources: string[] }[];
  }
}

/** Records every layout shift from the first byte on (user-caused ones excluded, as CLS does). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el ? `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120) : '?';
        });
        window.__layoutShifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function hydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
}

/** The first screen's pictures have all arrived (a picture without a reserved box would shift the page now). */
async function firstScreenPicturesLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('main img'))
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
          .every((img) => (img as HTMLImageElement).complete),
      ),
    )
    .toBe(true);
}

/** The boxes that must not move: the heading, the first and last cards, the filters, the paging. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      // Hidden by CSS (the server's filter panel on a phone) counts as not there, as the app leaves it out.
      if (!r || (r.width === 0 && r.height === 0)) return null;
      return [r.x, r.y, r.width, r.height].map(Math.round);
    };
    const cards = document.querySelectorAll('main article');
    return {
      heading: box(document.querySelector('main h1')),
      firstCard: box(cards[0]),
      lastCard: box(cards[cards.length - 1]),
      filters: box(document.querySelector('aside[aria-label="Categories and filters"]')),
      paging: box(document.querySelector('nav[aria-label="Pagination"]')),
    };
  });

for (const [name, viewport] of [
  ['a 390 × 844 phone', phone],
  ['a desktop', desktop],
] as const) {
  test.describe(`/our-products on ${name}`, () => {
    test.use({ viewport });

    test('the server-rendered page keeps its boxes when the app takes over: CLS < 0.1', async ({
      page,
      context,
    }) => {
      // The server's HTML alone (the app's script left out): the boxes a visitor sees before hydration.
      const bare = await context.newPage();
      await bare.route(
        (u) => u.pathname === '/our-products',
        async (route) => {
          const res = await route.fetch();
          const html = (await res.text()).replace(/<script type="module"[^>]*><\/script>/g, '');
          await route.fulfill({ response: res, body: html });
        },
      );
      await bare.goto('/our-products');
      await firstScreenPicturesLoaded(bare);
      const before = await boxes(bare);
      expect(before.firstCard).not.toBeNull();
      await bare.close();

      await recordLayoutShifts(page);
      await page.goto('/our-products');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await firstScreenPicturesLoaded(page);
      expect(await boxes(page)).toEqual(before);

      const shifts = await page.evaluate(() => window.__layoutShifts);
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      test.info().annotations.push({ type: 'CLS', description: cls.toFixed(4) });
      expect(cls, JSON.stringify(shifts)).toBeLessThan(0.1);

      if (viewport === phone) {
        // The first product, picture and name, on the first screen without scrolling.
        const first = page.getByRole('main').getByRole('article').first();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        for (const part of [first.getByRole('img'), first.getByRole('heading')]) {
          const box = (await part.boundingBox())!;
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
        }
      }
    });
  });
}
