// `npm run bench -- --only admin [--count 100000]`: the admin lists' first pages in Chromium against the shop on a
// PostgreSQL database of `count` generated products and as many orders (one SQL insert … select), with the EXPLAIN
// of each list's first-page query. Targets: first row visible ≤ 1.5 s, JS heap ≤ 50 MB. Everything it starts it
// stops; the database it creates it drops.
import pg from 'pg';
import type { Browser } from '@playwright/test';
import { freshContext, settledMetrics, withShopInChromium } from './browser';
import { fmt } from './lib';

const admin = { email: 'bench-admin@example.com', password: 'bench-password-1' };

/** Each page and what shows its first row. */
const views: [string, string][] = [
  ['/dashboard/manage-product', 'main table tbody tr'],
  ['/dashboard/manage-product?q=compressor&sort=price_desc', 'main table tbody tr'],
  ['/dashboard/manage-all-product', 'main table tbody tr'],
  ['/dashboard/manage-all-product?status=Delivered&paid=true&sort=total', 'main table tbody tr'],
  ['/dashboard/make-admin', 'main table tbody tr'],
  ['/dashboard/audit', 'main h1'],
];

const explained = [
  'select id from orders order by created_at desc, id desc limit 26',
  "select id from orders where order_status = 'Delivered' order by created_at desc, id desc limit 26",
  'select id from orders order by (unit_price_cents * quantity) desc, id desc limit 26',
  'select id from products where archived_at is null order by quantity, id limit 26',
  "select id from products where archived_at is null and (lower(name) like '%compressor%' or lower(sku) like 'compressor%') order by price_cents desc, id desc limit 26",
];

async function fillOrders(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query(`
    with p as (select id, name, price_cents, row_number() over (order by id) as rn from products limit 1000),
         u as (select id, name, email from "user" where email = '${admin.email}')
    insert into orders (user_id, name, email, product_id, product_name, unit_price_cents, quantity, number, address,
                        payment_status, order_status, created_at)
    select u.id, u.name, u.email, p.id, p.name, p.price_cents, 1 + g % 5, '5550100', '1 Bench Road',
           g % 4 in (1, 2), (array['Pending','Delivered','Cancelled','Delivered'])[1 + g % 4],
           now() - g * interval '1 minute'
    from generate_series(1, ${count}) g join p on p.rn = 1 + g % 1000 cross join u`);
  await client.query('analyze');
  const took = performance.now() - started;
  for (const q of explained) {
    const { rows } = await client.query(`explain (analyze, costs off, timing off, summary off) ${q}`);
    console.log(`  ${q}\n    ${rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n    ')}`);
  }
  await client.end();
  return took;
}

async function visit(browser: Browser, base: string, url: string, selector: string) {
  const context = await freshContext(browser);
  const signIn = await context.request.post(`${base}/api/auth/sign-in/email`, {
    headers: { origin: base },
    data: admin,
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(base + url);
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 60_000 });
  const ms = performance.now() - start;
  const metrics = await settledMetrics(context, page);
  await context.close();
  return { ms, ...metrics };
}

export async function benchAdminLists({ count, databaseUrl }: { count: number; databaseUrl: string }) {
  const env = { AUTH_RATE_LIMIT: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
  await withShopInChromium({ count, databaseUrl, env }, async (shop, browser, db) => {
    console.log(`${fmt(count)} orders inserted in ${fmt(await fillOrders(db.url, count))} ms`);
    console.log('\nChromium, signed in as an admin; 3 visits per page, fresh browser context each');
    for (const [url, selector] of views) {
      const samples = [];
      for (let i = 0; i < 3; i++) samples.push(await visit(browser, shop.url, url, selector));
      console.log(
        `${url}\n  first row visible: ${samples.map((s) => fmt(s.ms)).join(', ')} ms (target ≤ 1,500); JS heap ${fmt(Math.max(...samples.map((s) => s.heapMb)), 1)} MB max (target ≤ 50); DOM ${fmt(Math.max(...samples.map((s) => s.nodes)))} nodes`,
      );
    }
  });
}
