// `npm run bench -- --only browser [--count 100000]`: the catalogue page in Chromium against the shop on a
// PostgreSQL catalogue of `count` generated products. Targets: first product visible ≤ 1.5 s, JS heap ≤ 50 MB,
// DOM ≤ 5,000 nodes. Everything it starts it stops; the database it creates it drops.
import type { Browser } from '@playwright/test';
import { freshContext, settledMetrics, withShopInChromium } from './browser';
import { fmt } from './lib';

/** The views measured: the catalogue's landing page, a category sorted by price deep in its pages, a typo search. */
const views = [
  '/our-products',
  '/our-products?category=compressors&sort=price_asc&page=40',
  '/our-products?q=rotary+screw+compresor&inStock=true',
];

interface Sample {
  firstProductMs: number;
  heapMb: number;
  domNodes: number;
  elements: number;
}

/** One cold visit in a fresh context (empty HTTP cache): when the first card shows, then memory and DOM size. */
async function visit(browser: Browser, url: string): Promise<Sample> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  // Time from navigation start to the first product card in the page, seen by the page itself.
  // A string, not a function: tsx would add its own helpers to a function's source, which the page lacks.
  await page.addInitScript(`{
    const observer = new MutationObserver(() => {
      if (window.__firstProduct === undefined && document.querySelector('main article img')) {
        window.__firstProduct = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }`);
  await page.goto(url);
  await page.locator('main article').first().waitFor({ state: 'visible', timeout: 60_000 });
  const { heapMb, nodes } = await settledMetrics(context, page);
  const sample = {
    firstProductMs: await page.evaluate(
      () => (window as unknown as { __firstProduct: number }).__firstProduct,
    ),
    heapMb,
    domNodes: nodes,
    elements: await page.evaluate(() => document.getElementsByTagName('*').length),
  };
  await context.close();
  return sample;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchBrowserCatalogue({ count, databaseUrl }: { count: number; databaseUrl: string }) {
  await withShopInChromium({ count, databaseUrl }, async (shop, browser) => {
    console.log(
      `\nChromium, /our-products at ${fmt(count)} products; 1 cold + 4 warm visits per view (fresh browser context each)`,
    );
    for (const view of views) {
      const samples: Sample[] = [];
      // The first visit finds the shop's read cache empty for this query; the others are served from it.
      for (let i = 0; i < 5; i++) samples.push(await visit(browser, shop.url + view));
      const [cold, ...warm] = samples;
      console.log(view);
      console.log(
        `  first product visible: cold ${fmt(cold!.firstProductMs)} ms, warm median ${fmt(median(warm.map((s) => s.firstProductMs)))} ms, max ${fmt(Math.max(...warm.map((s) => s.firstProductMs)))} ms (target ≤ 1,500)`,
      );
      console.log(
        `  JS heap ${fmt(Math.max(...samples.map((s) => s.heapMb)), 1)} MB max (target ≤ 50); DOM ${fmt(Math.max(...samples.map((s) => s.domNodes)))} nodes, ${fmt(Math.max(...samples.map((s) => s.elements)))} elements max (target ≤ 5,000)`,
      );
    }
  });
}
