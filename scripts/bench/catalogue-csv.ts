// `npm run bench -- --only csv [--count 100000] [--database-url postgres://…]`: the catalogue CSV import and export
// on PostgreSQL, in this process against a fresh database. Targets: import of 100,000 rows ≤ 60 s, export ≤ 20 s,
// RSS growth ≤ 150 MB. The database it creates it drops.
import type { AddressInfo } from 'node:net';
import type { CatalogueImport } from '../../src/shared/catalogue/catalogue-csv.schema';
import { fmt, loadAverage } from './lib';

const IMG = '/media/products/atlas-50l-oil-free-air-compressor.webp';
const categories = ['piston-compressors', 'rotary-screw', 'air-tools', 'power-tools'];

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

/** Samples this process's RSS every 50 ms while `work` runs; returns its duration and the RSS peak. */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

export async function benchCatalogueCsv({ count, databaseUrl }: { count: number; databaseUrl: string }) {
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = databaseUrl;
  const { createTestApp } = await import('../../src/server/test/helper');
  const { signUpAdmin } = await import('../../src/server/test/auth');
  console.log(`load average at the start: ${loadAverage()}`);
  const t = await createTestApp({ SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  try {
    const admin = await signUpAdmin(t.app);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    const headers = { ...admin.headers } as Record<string, string>;
    delete headers['content-type'];
    const csv = supplierCsv(count);
    const blob = new Blob([new Uint8Array(csv)], { type: 'text/csv' });
    global.gc?.();

    const runImport = (body: Blob, name: string) =>
      measured(async () => {
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
          await new Promise((r) => setTimeout(r, 250));
        }
      });

    const created = await runImport(blob, 'bench.csv');
    const c = created.result;
    console.log(
      `import of ${fmt(count)} new rows (${fmt(csv.length / 1024 / 1024)} MB): ${fmt(created.ms / 1000)} s (target ≤ 60 s), ` +
        `${c.status}: ${fmt(c.created)} created, ${fmt(c.updated)} updated, ${fmt(c.rejected)} rejected; RSS +${fmt(created.growthMb)} MB (target ≤ 150)`,
    );

    global.gc?.();
    const exported = await measured(async () => {
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
      `export of ${fmt(exported.result.lines - 1)} products (${fmt(exported.result.bytes / 1024 / 1024)} MB): ` +
        `${fmt(exported.ms / 1000)} s (target ≤ 20 s); RSS +${fmt(exported.growthMb)} MB (target ≤ 150)`,
    );

    global.gc?.();
    const unchanged = await runImport(blob, 'bench-again.csv');
    console.log(
      `re-import of the same ${fmt(count)} rows: ${fmt(unchanged.ms / 1000)} s, ${fmt(unchanged.result.updated)} updated; ` +
        `RSS +${fmt(unchanged.growthMb)} MB`,
    );
  } finally {
    await t.close();
  }
}
