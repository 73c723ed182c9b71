import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/infra/db';
import { root } from './lib';

/** A fresh PostgreSQL database for one run, migrated; `drop()` removes it. */
export async function freshDatabase(adminUrl: string) {
  const name = `shop_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  await database.close();
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** The catalogue generator's entry file, when the project has one (`npm run seed:catalogue`). */
function generatorFile(): string | undefined {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
  return /^tsx\s+(\S+)/.exec(pkg.scripts['seed:catalogue'] ?? '')?.[1];
}

/**
 * Fills the database with `count` products: with the project's generator (categories, SKUs, specs) when it exists
 * and `mode` allows, else with simple rows inserted in one statement. Returns which one ran.
 */
export async function fillProducts(url: string, count: number, mode: 'auto' | 'sql'): Promise<string> {
  const file = mode === 'auto' ? generatorFile() : undefined;
  if (file) {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', file, '--count', String(count), '--database-url', url],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    if (code !== 0) throw new Error(`the catalogue generator exited with ${code}`);
    return 'seed:catalogue';
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(
    `insert into products (name, img, price_cents, quantity, min_order, description, created_at)
     select 'Bench compressor ' || g, '/media/products/bench.webp', 1000 + (g * 7919) % 500000, (g * 13) % 200,
            1 + g % 5, 'Generated product number ' || g || ' for the benchmark: a rotary screw air compressor.',
            now() - g * interval '1 second'
     from generate_series(1, $1::int) g`,
    [count],
  );
  await c.end();
  return 'simple rows';
}

/** Random product ids (for uncached reads that each hit another row). */
export async function sampleIds(url: string, n: number): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: string }>(
    'select id from products where archived_at is null order by random() limit $1',
    [n],
  );
  await c.end();
  return rows.map((r) => r.id);
}
