// `npm run bench -- --only csv [--count 100000] [--database-url postgres://…]`: the catalogue CSV import and export
// on PostgreSQL. The shop runs in its own process (as in production) and this process is only its HTTP client, so
// the RSS figures are the shop's alone (sampled from /proc/<pid>/status), not the client's upload buffers.
// Targets: import of 100,000 rows ≤ 60 s, export ≤ 20 s, RSS growth ≤ 150 MB. The database it creates it drops.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { CatalogueImport } from '../../src/shared/catalogue/catalogue-csv.schema';
import { freshDatabase } from './database';
import { fmt, loadAverage, rssMb, sleep, startChild, stopChild, type Child } from './lib';

const IMG = '/media/products/atlas-50l-oil-free-air-compressor.webp';
const categories = ['piston-compressors', 'rotary-screw', 'air-tools', 'power-tools'];
const admin = { email: 'bench-admin@example.com', password: 'bench-password-1' };

/** A supplier-style file: every column, two numeric specs in imperial units and one text spec. */
function supplierCsv(count: number): Buffer {
  const lines = [
    'sku,name,brand,category,price,quantity,minOrder,description,image,spec.pressure (psi),spec.airflow (CFM),spec.source',
  ];
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(6, '0');
    lines.push(
      [
        `CSV-${n}`,
        `"Bench compressor ${n}, ${(i % 9) + 2} bar"`,
        ['Atlas', 'Kaeser', 'Makita', 'Bosch'][i % 4],
        categories[i % categories.length],
        (50 + (i % 900) + 0.99).toFixed(2),
        String((i % 300) + 1),
        '1',
        `"Generated product ${n} for the CSV benchmark, with a description long enough to be realistic."`,
        IMG,
        String(90 + (i % 60)),
        (5 + (i % 40)).toFixed(1),
        i % 2 ? 'Electric' : 'Diesel',
      ].join(','),
    );
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** Samples the shop process's RSS every 50 ms while `work` runs; returns its duration and the RSS growth. */
async function measured<T>(shop: Child, work: () => Promise<T>) {
  const pid = shop.proc.pid!;
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, beforeMb: before, growthMb: peak - before };
  } finally {
    clearInterval(timer);
  }
}

/** A bearer token of the admin the shop ensured at start-up (ADMIN_EMAIL). */
async function adminToken(shop: Child): Promise<string> {
  const res = await fetch(`${shop.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify(admin),
  });
  const token = res.headers.get('set-auth-token');
  if (!res.ok || !token) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  return token;
}

export async function benchCatalogueCsv({ count, databaseUrl }: { count: number; databaseUrl: string }) {
  console.log(`load average at the start: ${loadAverage()}`);
  const db = await freshDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-csv-'));
  let shop: Child | undefined;
  try {
    shop = await startChild(
      'shop (PostgreSQL)',
      'src/server/server.ts',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        // The demo catalogue brings the categories and spec attributes the file names.
        SEED_DEMO: 'true',
        AUTH_RATE_LIMIT: 'false',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
      },
      '/api/readyz',
    );
    const base = `${shop.url}/api`;
    const headers = { authorization: `Bearer ${await adminToken(shop)}` };
    const csv = supplierCsv(count);
    const blob = new Blob([new Uint8Array(csv)], { type: 'text/csv' });
    // Let the shop settle after start-up (demo seed, first requests) before its RSS is taken as the baseline.
    await sleep(2000);

    const runImport = (body: Blob, name: string) =>
      measured(shop!, async () => {
        const form = new FormData();
        form.append('file', body, name);
        const res = await fetch(`${base}/catalogue/imports?mode=valid-rows`, {
          method: 'POST',
          headers,
          body: form,
        });
        if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
        const { importId } = (await res.json()) as { importId: string };
        for (;;) {
          const status = (await (
            await fetch(`${base}/catalogue/imports/${importId}`, { headers })
          ).json()) as CatalogueImport;
          if (status.status !== 'validating' && status.status !== 'writing') return status;
          await sleep(250);
        }
      });

    const created = await runImport(blob, 'bench.csv');
    const c = created.result;
    console.log(
      `import of ${fmt(count)} new rows (${fmt(csv.length / 1024 / 1024, 1)} MB): ${fmt(created.ms / 1000)} s (target ≤ 60 s), ` +
        `${c.status}: ${fmt(c.created)} created, ${fmt(c.updated)} updated, ${fmt(c.rejected)} rejected; ` +
        `shop RSS ${fmt(created.beforeMb)} MB +${fmt(created.growthMb)} MB (target ≤ 150)`,
    );

    const exported = await measured(shop, async () => {
      const res = await fetch(`${base}/catalogue/export.csv`, {
        headers: { ...headers, 'accept-encoding': 'identity' },
      });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      return { bytes, lines };
    });
    console.log(
      `export of ${fmt(exported.result.lines - 1)} products (${fmt(exported.result.bytes / 1024 / 1024, 1)} MB): ` +
        `${fmt(exported.ms / 1000)} s (target ≤ 20 s); shop RSS ${fmt(exported.beforeMb)} MB +${fmt(exported.growthMb)} MB (target ≤ 150)`,
    );

    const unchanged = await runImport(blob, 'bench-again.csv');
    console.log(
      `re-import of the same ${fmt(count)} rows: ${fmt(unchanged.ms / 1000)} s, ${fmt(unchanged.result.updated)} updated; ` +
        `shop RSS ${fmt(unchanged.beforeMb)} MB +${fmt(unchanged.growthMb)} MB`,
    );
    console.log(`load average at the end: ${loadAverage()} (${os.cpus().length} cores)`);
  } finally {
    if (shop) await stopChild(shop);
    await db.drop().catch((err: unknown) => console.error('could not drop the bench database:', err));
    await rm(dataDir, { recursive: true, force: true });
  }
}
