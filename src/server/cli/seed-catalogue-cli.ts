// `npm run seed:catalogue -- --count 100000 [--seed 1] [--database-url postgres://…]`: adds generated products
// (deterministic for a seed) to the database, for benchmarks and scale tests. Without --database-url it uses the
// configured database (DATABASE_URL, else the PGlite folder under DATA_DIR).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../infra/config';
import { openDatabase } from '../infra/db';
import { generateCatalogue } from '../seed/generate-catalogue';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000)
  throw new Error('--count must be 1 to 5,000,000');
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number');

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: values['database-url'] ?? config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
const started = performance.now();
const written = await generateCatalogue(database.db, {
  count,
  seed,
  onBatch: (done) =>
    process.stdout.write(`\r${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`),
});
const seconds = (performance.now() - started) / 1000;
await database.close();
console.log(`\ngenerated ${written} products in ${seconds.toFixed(1)} s (${database.kind})`);
