// `npm run bench -- --only pages [--count 100000] [--duration 5]`: what crawlers and first visits cost the server at
// `count` products (issue 40): the sitemap of every product (time, bytes, the shop's memory before, at its peak
// and after), beside the same rows read with decision 048's one audit probe per product; and the HTML of
// `/our-products` (whatever it renders today: the shell with its server-filled head, or React's server rendering
// once merged) in requests/s and p99 at 50 connections, beside the cached JSON catalogue call behind the page.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt } from './browser';
import { fillProducts, freshDatabase } from './database';
import { fmt, load, loadAverage, rssMb, sleep, startChild, stopChild, type Child } from './lib';
import { printReport, type Row } from './report';

/** Audited edits for about a third of the products (the seed writes none): lastmod then has entries to find. */
async function auditSomeProducts(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`insert into audit_log (actor_email, kind, entity_type, entity_id, summary, created_at)
    select 'bench@example.com', 'product.update', 'product', id::text, 'bench edit', now() - (random() * interval '30 days')
    from products where random() < 0.33`);
  await c.query('vacuum (analyze) audit_log');
  await c.end();
}

/** Decision 048's read of the same rows (a probe of audit_entity_idx per product, batches of 1,000): the baseline. */
async function probeRead(url: string, count: number): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const start = performance.now();
  let after = '00000000-0000-0000-0000-000000000000';
  for (let n = 0; n < count;) {
    const { rows } = await c.query<{ id: string }>(
      `select p.id, p.name, greatest(p.created_at, (select max(a.created_at) from audit_log a
         where a.entity_type = 'product' and a.entity_id = p.id::text)) as lastmod
       from products p where p.archived_at is null and p.id > $1::uuid order by p.id limit 1000`,
      [after],
    );
    if (!rows.length) break;
    n += rows.length;
    after = rows.at(-1)!.id;
  }
  await c.end();
  return performance.now() - start;
}

/** Fetches every product sitemap file once with `encoding`: seconds, bytes and the shop's RSS (sampled every 20 ms). */
async function sitemapRun(shop: Child, encoding: string) {
  const index = await (await fetch(`${shop.url}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  const before = rssMb(shop.proc.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(shop.proc.pid!))), 20);
  const start = performance.now();
  let bytes = 0;
  let urls = 0;
  try {
    for (const file of files) {
      const res = await fetch(shop.url + file, { headers: { 'accept-encoding': encoding } });
      if (!res.ok) throw new Error(`${file}: ${res.status}`);
      // fetch decodes br/gzip itself: the text is the XML either way.
      const text = await res.text();
      bytes += Buffer.byteLength(text);
      urls += text.split('<url>').length - 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - start) / 1000;
  await sleep(2_000);
  return { files: files.length, urls, seconds, bytes, before, peak, after: rssMb(shop.proc.pid!) };
}

export async function benchPages({
  count,
  duration,
  databaseUrl,
}: {
  count: number;
  duration: number;
  databaseUrl: string;
}) {
  console.log(`load average at the start: ${loadAverage()}`);
  await ensureBuilt();
  const db = await freshDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-pages-'));
  let shop: Child | undefined;
  try {
    console.log(
      `PostgreSQL database ${db.name}: ${fmt(count)} products (${await fillProducts(db.url, count, 'auto')})`,
    );
    await auditSomeProducts(db.url);
    shop = await startChild(
      'shop (PostgreSQL, public product pages)',
      'src/server/server.ts',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        SEED_DEMO: 'false',
        PUBLIC_PRODUCT_PAGES: 'true',
        AUTH_RATE_LIMIT: 'false',
        BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
      },
      '/api/readyz',
    );
    await sleep(3_000);

    console.log(`\nSitemap of ${fmt(count)} products (target ≤ 5 s, flat memory)`);
    const base = await probeRead(db.url, count);
    for (const encoding of ['identity', 'br', 'identity']) {
      const r = await sitemapRun(shop, encoding);
      console.log(
        `  ${encoding.padEnd(8)} ${r.files} files, ${fmt(r.urls)} URLs, ${fmt(r.bytes / 1e6, 1)} MB of XML in ${fmt(r.seconds, 2)} s; shop RSS ${fmt(r.before)} → peak ${fmt(r.peak)} (+${fmt(r.peak - r.before)}) → ${fmt(r.after)} MB 2 s later`,
      );
    }
    console.log(
      `  baseline, same run: the same rows read with one audit probe per product (decision 048), no XML, no HTTP: ${fmt(base / 1000, 2)} s`,
    );

    // The cached JSON call behind the plain page, and the page's HTML, each warmed once (both are cached per
    // catalogue version: the read cache and the rendered pages' cache).
    const json = '/api/catalogue/search?sort=relevance&page=1&pageSize=24&facets=false';
    const rows: Row[] = [];
    for (const page of ['/our-products', '/our-products?category=compressors&sort=price_asc&page=3']) {
      await fetch(shop.url + page);
      await fetch(shop.url + json);
      rows.push({
        what: `server-rendered ${page} (HTML), 50 connections, beside the cached JSON catalogue (${json})`,
        shop: await load(shop.url + page, { duration }),
        base: await load(shop.url + json, { duration }),
        baseName: 'JSON',
        target: 'report (issue 40)',
      });
    }
    printReport({ rows, bursts: [], seconds: duration, ordersDuration: duration, count });
  } finally {
    if (shop) await stopChild(shop);
    await db.drop().catch((err: unknown) => console.error('could not drop the bench database:', err));
    await rm(dataDir, { recursive: true, force: true });
  }
}
