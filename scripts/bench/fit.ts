// `npm run bench -- --only fit`: "fits my equipment" (decision 064) beside the plain catalogue search it filters, on
// the same shop, the same 100,000 products and the same uncached search URLs, in one run (issue 43: no slower than
// 1.2× the plain search).
import pg from 'pg';
import { serialKey } from '../../src/shared/equipment/equipment.schema';
import { fillProducts, freshDatabase, sampleIds } from './database';
import { fmt, load, loadAverage, sleep, startChild, stopAll, type Child } from './lib';
import { printReport, type Row } from './report';
import { uncachedSearches } from './search';

/** A fleet as a large buyer keeps it: 10 models, each with a plan of 10 parts and a fit list of 20, 10 machines. */
const MODELS = 10;
const PLAN_ITEMS = 10;
const FITS = 20;

async function signUp(shop: Child): Promise<{ cookie: string; email: string }> {
  const email = `bench-fit-${Date.now()}@example.com`;
  const res = await fetch(`${shop.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench Fleet' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, email };
}

/**
 * The buyer's fleet written straight to the database: plan items and fit lists over random products (half of the
 * fits with a serial range, so the range test runs), 20 "replaced by" links (the chain closure runs), one machine
 * per model.
 */
async function fleet(url: string, email: string) {
  const ids = await sampleIds(url, MODELS * (PLAN_ITEMS + FITS) + 40);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: string }>('select id from "user" where email = $1', [email]);
  const userId = rows[0]!.id;
  let next = 0;
  for (let m = 0; m < MODELS; m++) {
    const model = await c.query<{ id: string }>(
      'insert into equipment_models (name, warranty_months) values ($1, 24) returning id',
      [`Bench model ${m}`],
    );
    const modelId = model.rows[0]!.id;
    for (let i = 0; i < PLAN_ITEMS; i++)
      await c.query(
        'insert into service_plan_items (model_id, product_id, every_hours) values ($1, $2, 2000)',
        [modelId, ids[next++]],
      );
    for (let i = 0; i < FITS; i++)
      await c.query(
        'insert into part_fits (model_id, product_id, serial_from, serial_to) values ($1, $2, $3, $4)',
        [modelId, ids[next++], i % 2 ? 'N1000' : null, i % 2 ? 'N4999' : null],
      );
    await c.query(
      `insert into machines (user_id, registered_by, model_id, serial, serial_key, installed_on)
       values ($1, $1, $2, $3, $4, current_date - 100)`,
      [userId, modelId, `N${2000 + m}`, serialKey(`N${2000 + m}`)],
    );
  }
  for (let i = 0; i < 20; i++)
    await c.query('insert into part_replacements (product_id, replaced_by_id) values ($1, $2)', [
      ids[i],
      ids[next++],
    ]);
  await c.end();
}

export async function benchFit(o: {
  count: number;
  duration: number;
  databaseUrl: string;
  generator: 'auto' | 'sql';
  env: (dataDir: string) => Record<string, string>;
  tempDir: (prefix: string) => Promise<string>;
}) {
  console.log(`load average at the start: ${loadAverage()}`);
  const db = await freshDatabase(o.databaseUrl);
  try {
    console.log(
      `PostgreSQL database ${db.name}: ${fmt(o.count)} products (${await fillProducts(db.url, o.count, o.generator)})`,
    );
    const shop = await startChild(
      'shop (PostgreSQL)',
      'src/server/server.ts',
      {
        ...o.env(await o.tempDir('shop-bench-fit-')),
        DATABASE_URL: db.url,
        SEED_DEMO: 'false',
        SEARCH_INDEX: 'true',
      },
      '/api/readyz',
    );
    const { cookie, email } = await signUp(shop);
    await fleet(db.url, email);
    const headers = { cookie };
    const probe = await fetch(`${shop.url}/api/equipment/search?fits=all&q=compressor`, { headers });
    if (!probe.ok) throw new Error(`fit search: ${probe.status} ${await probe.text()}`);
    console.log(`fits=all&q=compressor: ${(await probe.json()).total} of the fleet's parts`);
    // The index builds in the background after /api/readyz (a few seconds at 100,000, more on a busy machine): both
    // searches are measured on it, past its build.
    await sleep(30_000);
    const rows: Row[] = [];
    const warm = (paths: () => string) => load(shop.url, { duration: 2, connections: 5, headers, paths });
    for (const [run, connections] of [50, 1].entries()) {
      // Fresh URLs for each figure: the plain search caches every URL it answered; the fit search caches none.
      const plain = uncachedSearches(run * 200_000);
      const fitting = uncachedSearches(run * 200_000 + 100_000);
      const fitPaths = () => fitting().replace('/api/catalogue/search?', '/api/equipment/search?fits=all&');
      await warm(plain);
      const base = await load(shop.url, { duration: o.duration, connections, headers, paths: plain });
      await sleep(3_000);
      await warm(fitPaths);
      const fit = await load(shop.url, { duration: o.duration, connections, headers, paths: fitPaths });
      await sleep(3_000);
      rows.push({
        what: `uncached search, text + in stock + price range + facets, fits=all (${MODELS} machines), ${connections} connection${connections > 1 ? 's' : ''}`,
        shop: fit,
        base,
        baseName: 'plain',
        target: 'no slower than 1.2× the plain search (≥ 0.83×, p50 ≤ 1.2× its)',
      });
    }
    printReport({ rows, bursts: [], seconds: o.duration, ordersDuration: o.duration, count: o.count });
    for (const r of rows)
      console.log(
        `${r.what}: p50 ${fmt(r.shop.p50 / r.base!.p50, 2)}× the plain search's, p99 ${fmt(r.shop.p99 / r.base!.p99, 2)}×`,
      );
  } finally {
    await stopAll();
    await db.drop();
  }
}
