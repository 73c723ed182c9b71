// `npm run bench -- [--count 100000] [--duration 5] [--generator auto|sql] [--database-url postgres://…]`
// Runs the shop beside two baselines measured in the same run, on this machine, and prints each figure with its
// ratio to its baseline. Everything it starts it stops by PID; the database it creates it drops.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { fillProducts, freshDatabase, sampleIds } from './database';
import { fmt, load, loadAverage, startChild, stopAll, stopChild, type Child } from './lib';
import { benchOrders, stockLine } from './orders';
import { productsBurst, type Burst } from './products-burst';
import { printReport, type Row } from './report';
import { cachedSearches, uncachedSearchRows } from './search';
import { pgliteSearchIndexRow, searchIndexRows } from './search-index';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    /** Seconds per figure: 5 unless given (10 for the order scenarios). */
    duration: { type: 'string' },
    generator: { type: 'string', default: 'auto' },
    /**
     * `browser`: only the catalogue page in Chromium (scripts/bench/browser-catalogue.ts); `csv`: catalogue-csv.ts;
     * `orders`: order placement (orders.ts); `search`: the catalogue's cached and uncached searches on
     * PostgreSQL alone; `pages`: the products sitemap and the server-rendered /our-products (pages.ts); `fit`: the
     * "fits my equipment" search beside the plain one (fit.ts).
     */
    only: { type: 'string' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const count = Number(values.count);
const duration = Number(values.duration ?? 5);
const ordersDuration = Number(values.duration ?? 10);
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a whole number ≥ 1');
if (!(duration >= 1 && duration <= 60)) throw new Error('--duration must be 1 to 60 seconds');
if (values.generator !== 'auto' && values.generator !== 'sql')
  throw new Error('--generator must be auto or sql');

const rows: Row[] = [];
const notes: string[] = [];
const bursts: Burst[] = [];
const temp: string[] = [];
let dropDb: (() => Promise<void>) | undefined;

const shopEnv = (dataDir: string) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  AUTH_RATE_LIMIT: 'false',
  BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
});

async function cleanup() {
  await stopAll();
  await dropDb?.().catch((err: unknown) => console.error('could not drop the bench database:', err));
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

/** A session cookie for reads that need sign-in. */
async function signUp(shop: Child): Promise<string> {
  const res = await fetch(`${shop.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
      name: 'Bench',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function fixedBaseline(body: ArrayBuffer): Promise<Child> {
  const file = path.join(await tempDir('shop-bench-body-'), 'body.json');
  await writeFile(file, Buffer.from(body));
  return startChild('baseline: fixed body', 'scripts/bench/baseline-fixed.ts', { BENCH_BODY_FILE: file });
}

async function postgresRun({ searchOnly = false } = {}) {
  const db = await freshDatabase(values['database-url']!);
  dropDb = db.drop;
  const filled = await fillProducts(db.url, count, values.generator as 'auto' | 'sql');
  console.log(`PostgreSQL database ${db.name}: ${fmt(count)} products (${filled})`);
  const dataDir = await tempDir('shop-bench-pg-');
  const shop = await startChild(
    'shop (PostgreSQL)',
    'src/server/server.ts',
    { ...shopEnv(dataDir), DATABASE_URL: db.url, SEED_DEMO: 'false' },
    '/api/readyz',
  );

  if (!searchOnly) {
    // First, while nothing is cached: ten concurrent calls of the full list, twice (brotli, then identity).
    bursts.push(await productsBurst(shop, 10, 'br'));
    bursts.push(await productsBurst(shop, 10, 'identity'));
  }

  const home = await (await fetch(`${shop.url}/api/homeproduct`)).arrayBuffer();
  const fixed = await fixedBaseline(home);
  const sqlBase = await startChild(
    'baseline: fastify + pg',
    'scripts/bench/baseline-sql.ts',
    { DATABASE_URL: db.url },
    '/api/homeproduct',
  );
  const ids = await sampleIds(db.url, 50_000);
  let i = 0;
  const randomProduct = () => `/api/product/${ids[i++ % ids.length]}`;

  const fixedLoad = await load(fixed.url, { duration });
  if (!searchOnly)
    rows.push({
      what: 'cached /api/homeproduct (6 products)',
      shop: await load(`${shop.url}/api/homeproduct`, { duration }),
      base: fixedLoad,
      baseName: 'fixed body',
      target: '≥ 0.5×, p99 ≤ 15 ms',
    });
  if ((await fetch(`${shop.url}${cachedSearches[0]}`)).ok) {
    // Each cached search against a fixed-body server answering that very body (search pages are far larger).
    for (const url of cachedSearches) {
      const body = await (await fetch(shop.url + url)).arrayBuffer();
      const own = await fixedBaseline(body);
      const base = await load(own.url, { duration });
      await stopChild(own);
      rows.push({
        what: `cached ${url.replace('/api/catalogue/search', 'search ')} (${fmt(body.byteLength / 1024)} kB)`,
        shop: await load(shop.url + url, { duration }),
        base,
        baseName: 'fixed body',
        target: '≥ 0.5×, p99 ≤ 15 ms',
      });
    }
    rows.push(...(await uncachedSearchRows(shop, sqlBase, duration)));
  }
  // The in-process index against today's PostgreSQL path (decision 033); the shop above stops first.
  for (const c of [fixed, sqlBase, shop]) await stopChild(c);
  const indexed = await searchIndexRows({ databaseUrl: db.url, duration, env: shopEnv, tempDir });
  rows.push(...indexed.rows);
  notes.push(...indexed.notes);
  if (searchOnly) return;
  const restarted = await startChild(
    'shop (PostgreSQL)',
    'src/server/server.ts',
    { ...shopEnv(dataDir), DATABASE_URL: db.url, SEED_DEMO: 'false' },
    '/api/readyz',
  );
  const sqlAgain = await startChild(
    'baseline: fastify + pg',
    'scripts/bench/baseline-sql.ts',
    { DATABASE_URL: db.url },
    '/api/homeproduct',
  );
  const sqlLoad = await load(sqlAgain.url, { duration, paths: randomProduct });
  i = 0;
  rows.push({
    what: 'uncached /api/product/{id}, random ids',
    shop: await load(restarted.url, {
      duration,
      paths: randomProduct,
      headers: { cookie: await signUp(restarted) },
    }),
    base: sqlLoad,
    baseName: 'same SQL',
    target: 'p50 ≤ 20, p99 ≤ 100 ms, ≥ 0.8×',
  });
  for (const c of [restarted, sqlAgain]) await stopChild(c);
  await db.drop();
  dropDb = undefined;
}

async function pgliteRun({ searchOnly = false } = {}) {
  if (searchOnly) {
    rows.push(...(await pgliteSearchIndexRow({ duration, env: shopEnv, tempDir })));
    return;
  }
  const dataDir = await tempDir('shop-bench-pglite-');
  const shop = await startChild(
    'shop (PGlite, demo data)',
    'src/server/server.ts',
    shopEnv(dataDir),
    '/api/readyz',
  );
  for (const url of ['/api/homeproduct', '/api/products', ...cachedSearches]) {
    const fixed = await fixedBaseline(await (await fetch(shop.url + url)).arrayBuffer());
    const base = await load(fixed.url, { duration });
    await stopChild(fixed);
    rows.push({
      what: `PGlite: cached ${url}`,
      shop: await load(shop.url + url, { duration }),
      base,
      baseName: 'fixed body',
      target: 'p99 ≤ 50 ms',
    });
  }
  await stopChild(shop);
  rows.push(...(await pgliteSearchIndexRow({ duration, env: shopEnv, tempDir })));
}

const report = (seconds: number) => {
  printReport({ rows, bursts, seconds, ordersDuration, count });
  for (const note of notes) console.log(note);
};

if (values.only === 'browser') {
  const { benchBrowserCatalogue } = await import('./browser-catalogue');
  await benchBrowserCatalogue({ count, databaseUrl: values['database-url']! });
  process.exit(0);
}

if (values.only === 'pages') {
  const { benchPages } = await import('./pages');
  await benchPages({ count, duration, databaseUrl: values['database-url']! });
  process.exit(0);
}

if (values.only === 'fit') {
  const { benchFit } = await import('./fit');
  const generator = values.generator as 'auto' | 'sql';
  await benchFit({ count, duration, databaseUrl: values['database-url']!, generator, env: shopEnv, tempDir });
  process.exit(0);
}

if (values.only === 'admin') {
  const { benchAdminLists } = await import('./admin-lists');
  await benchAdminLists({ count, databaseUrl: values['database-url']! });
  process.exit(0);
}

async function ordersRun() {
  for (const o of await benchOrders({ databaseUrl: values['database-url']!, duration: ordersDuration }))
    rows.push({
      what: o.what,
      target: o.target,
      shop: o.shop,
      base: o.services,
      baseName: 'same tx',
      others: [{ name: 'bare SQL', load: o.base }],
      notes: [...o.notes, ...o.stock.map(stockLine)],
    });
}

if (values.only === 'orders') {
  try {
    console.log(`load average at the start: ${loadAverage()}`);
    await ordersRun();
    report(ordersDuration);
  } finally {
    await cleanup();
  }
  process.exit(0);
}

if (values.only === 'search') {
  try {
    console.log(`load average at the start: ${loadAverage()}`);
    await postgresRun({ searchOnly: true });
    await pgliteRun({ searchOnly: true });
    report(duration);
  } finally {
    await cleanup();
  }
  process.exit(0);
}

if (values.only === 'csv') {
  const { benchCatalogueCsv } = await import('./catalogue-csv');
  await benchCatalogueCsv({ count, databaseUrl: values['database-url']! });
  process.exit(0);
}

try {
  console.log(`load average at the start: ${loadAverage()}`);
  await postgresRun();
  await pgliteRun();
  await ordersRun();
  report(duration);
} finally {
  await cleanup();
}
