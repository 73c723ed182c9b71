// What the browser benchmarks (browser-catalogue.ts, admin-lists.ts) share: the built shop on a fresh PostgreSQL
// catalogue, one Chromium, and the page's memory and DOM size once a visit has settled. Not in lib.ts: database.ts
// imports lib.ts, and the load-only benchmarks need neither Playwright nor a database.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { fillProducts, freshDatabase } from './database';
import { fmt, loadAverage, root, startChild, stopChild, type Child } from './lib';

// No background traffic or updates of Chromium's own to share the machine with the page being timed.
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The web build must be current: the shop serves dist/web. */
export async function ensureBuilt() {
  const stamp = await import(path.join(root, 'scripts/stamp.mjs'));
  const built = await readFile(path.join(root, 'dist/.build-stamp'), 'utf8').catch(() => '');
  if (built !== (await stamp.sourceStamp())) {
    const { buildAll } = await import(path.join(root, 'scripts/build.mjs'));
    await buildAll({ quiet: true });
  }
}

/**
 * Runs `measure` against the built shop in production mode on a fresh PostgreSQL database of `count` generated
 * products, with Chromium launched. `env` adds to the shop's environment. Whatever happens, the browser and the shop
 * are stopped, the database dropped and the shop's data folder removed.
 */
export async function withShopInChromium(
  { count, databaseUrl, env = {} }: { count: number; databaseUrl: string; env?: Record<string, string> },
  measure: (shop: Child, browser: Browser, db: { name: string; url: string }) => Promise<void>,
) {
  console.log(`load average at the start: ${loadAverage()}`);
  await ensureBuilt();
  const db = await freshDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-browser-'));
  let browser: Browser | undefined;
  let shop: Child | undefined;
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
        ...env,
      },
      '/api/readyz',
    );
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    });
    await measure(shop, browser, db);
    console.log(`load average at the end: ${loadAverage()} (${os.cpus().length} cores)`);
  } finally {
    await browser?.close();
    if (shop) await stopChild(shop);
    await db.drop().catch((err: unknown) => console.error('could not drop the bench database:', err));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A fresh context (empty HTTP cache, no cookies) with the viewport every visit is measured at. */
export const freshContext = (browser: Browser) =>
  browser.newContext({ viewport: { width: 1280, height: 800 } });

/** Once the page's network has gone quiet and garbage is collected: its JS heap in MB and its DOM node count. */
export async function settledMetrics(context: BrowserContext, page: Page) {
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heapMb: metric('JSHeapUsedSize') / 1024 / 1024, nodes: metric('Nodes') };
}
