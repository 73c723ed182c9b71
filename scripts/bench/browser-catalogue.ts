// `npm run bench -- --only browser [--count 100000]`: the catalogue page in Chromium against the shop on a
// PostgreSQL catalogue of `count` generated products. Targets: first product visible ≤ 1.5 s, JS heap ≤ 50 MB,
// DOM ≤ 5,000 nodes. Everything it starts it stops; the database it creates it drops.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser } from '@playwright/test';
import { fillProducts, freshDatabase } from './database';
import { fmt, loadAverage, root, startChild, stopChild } from './lib';

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

/** The web build must be current: the shop serves dist/web. */
async function ensureBuilt() {
  const stamp = await import(path.join(root, 'scripts/stamp.mjs'));
  const built = await readFile(path.join(root, 'dist/.build-stamp'), 'utf8').catch(() => '');
  if (built !== (await stamp.sourceStamp())) {
    const { buildAll } = await import(path.join(root, 'scripts/build.mjs'));
    await buildAll({ quiet: true });
  }
}

/** One cold visit in a fresh context (empty HTTP cache): when the first card shows, then memory and DOM size. */
async function visit(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const sample = {
    firstProductMs: await page.evaluate(
      () => (window as unknown as { __firstProduct: number }).__firstProduct,
    ),
    heapMb: metric('JSHeapUsedSize') / 1024 / 1024,
    domNodes: metric('Nodes'),
    elements: await page.evaluate(() => document.getElementsByTagName('*').length),
  };
  await context.close();
  return sample;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchBrowserCatalogue({ count, databaseUrl }: { count: number; databaseUrl: string }) {
  console.log(`load average at the start: ${loadAverage()}`);
  await ensureBuilt();
  const db = await freshDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-browser-'));
  let browser: Browser | undefined;
  let shop: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    console.log(
      `PostgreSQL database ${db.name}: ${fmt(count)} products (${await fillProducts(db.url, count, 'auto')})`,
    );
    shop = await startChild(
      'shop (PostgreSQL)',
      'src/server/server.ts',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        SEED_DEMO: 'false',
        BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
      },
      '/api/readyz',
    );
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    });
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
    console.log(`load average at the end: ${loadAverage()} (${os.cpus().length} cores)`);
  } finally {
    await browser?.close();
    if (shop) await stopChild(shop);
    await db.drop().catch((err: unknown) => console.error('could not drop the bench database:', err));
    await rm(dataDir, { recursive: true, force: true });
  }
}
