// Builds the in-process search index once in this process and prints its build time and memory as JSON: the
// bench's figures for start-up and for "RSS with the index minus RSS without it" (decision 033).
import { openDatabase } from '../../src/server/infra/db';
import { SearchIndexData } from '../../src/server/features/catalogue/search-index.data';

const gc = (globalThis as { gc?: () => void }).gc;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
gc?.();
const before = process.memoryUsage();
const started = performance.now();
const data = await SearchIndexData.build(database.db);
const ms = performance.now() - started;
gc?.();
const after = process.memoryUsage();
console.log(
  JSON.stringify({
    products: data.liveCount,
    words: data.words.size,
    ms: Math.round(ms),
    rssMb: Math.round((after.rss - before.rss) / 1048576),
    heapMb: Math.round((after.heapUsed - before.heapUsed) / 1048576),
  }),
);
await database.close();
