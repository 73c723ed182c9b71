// `npx tsx scripts/bench/explain.ts --database-url postgres://…/db [--full]`
// Runs the catalogue's main searches through the shop's own service (so the very SQL it sends) against a filled
// database, then prints EXPLAIN (ANALYZE, BUFFERS) of each statement they sent, and the service's time per search.
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchQuerySchema } from '../../src/shared/catalogue/search.schema';
import * as schema from '../../src/server/db/schema';
import type { Db } from '../../src/server/infra/db';
import { searchCatalogue } from '../../src/server/features/search/search.engine';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, full: { type: 'boolean', default: false } },
});
const pool = new pg.Pool({ connectionString: values['database-url'], max: 4 });
let captured: { query: string; params: unknown[] }[] = [];
const db = drizzle({
  client: pool,
  schema,
  logger: { logQuery: (query, params) => void captured.push({ query, params }) },
}) as unknown as Db;

const searches: Record<string, Record<string, string>> = {
  // The plain /our-products: its page of cards (newest first, no facets) and its facet counts (page size 1).
  'plain catalogue: cards': { sort: 'relevance', page: '1', pageSize: '24', facets: 'false' },
  'plain catalogue: facets': { pageSize: '1' },
  'bench uncached search: text + in stock + price': {
    q: 'impact wrench',
    inStock: 'true',
    price: '61..2011',
  },
  'text + 2 filters + facets': { q: 'rotary screw compresor', inStock: 'true', 'spec.pressure': '7..10' },
  'category page by price + facets': { category: 'compressors', sort: 'price_asc' },
  'text + brand + price + facets': { q: 'grinder', brand: 'Norden', price: '100..2000' },
  'SKU prefix + facets': { q: 'RS-0' },
  'category + spec, no text': { category: 'compressors', 'spec.airflow': '1000..' },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const [name, params] of Object.entries(searches)) {
  const query = searchQuerySchema.parse(params);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    captured = [];
    const start = performance.now();
    await searchCatalogue(db, query);
    times.push(performance.now() - start);
  }
  const total = (
    await searchCatalogue(db, searchQuerySchema.parse({ ...params, pageSize: '1', facets: 'false' }))
  ).total;
  console.log(
    `\n## ${name}  ${JSON.stringify(params)}: ${total} matches, median ${median(times).toFixed(1)} ms`,
  );
  for (const { query: text, params: values_ } of captured) {
    if (!/from products p/.test(text)) continue;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${text}`,
      values_,
    );
    const lines = rows.map((r) => r['QUERY PLAN']);
    console.log(`\n-- ${text.replace(/\s+/g, ' ').slice(0, 160)}…`);
    console.log(
      (values.full
        ? lines
        : lines.filter((l) => /Scan|Join|Sort|Limit|Aggregate|Execution|Loop|rows=|Hash/.test(l)).slice(0, 40)
      ).join('\n'),
    );
  }
}
await pool.end();
