// `node --import tsx scripts/bench/sitemap-probe.mts <database-url> [batch…]`: the products sitemap files built in
// this process (no HTTP) from a filled database, at each batch size given, alternating, three times: time and heap.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../src/server/db/schema';
import type { Db } from '../../src/server/infra/db';
import { listedProducts } from '../../src/server/features/catalogue/sitemap-reads';

const [url, ...sizes] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 4 });
const db = drizzle({ client: pool, schema }) as unknown as Db;
for (let run = 0; run < 3; run++) {
  for (const batch of sizes.length ? sizes.map(Number) : [1000]) {
    const t = performance.now();
    let n = 0;
    for (const part of [0, 1]) for await (const _ of listedProducts(db, part * 50_000, 50_000, batch)) n++;
    console.log(`batch ${batch}: ${Math.round(performance.now() - t)} ms for ${n} products`);
  }
}
await pool.end();
