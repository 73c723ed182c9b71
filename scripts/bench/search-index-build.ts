// Builds the in-process search index once in this process and prints its build time and memory as JSON: the
// bench's figures for start-up and for "RSS with the index minus RSS without it" (decision 033).
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../src/server/infra/db';
import { SearchIndexData } from '../../src/server/features/search/search-index.data';

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => Math.round(bytes / 1048576);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
gc?.();
const before = process.memoryUsage();
const started = performance.now();
const data = await SearchIndexData.build(database.db);
const ms = performance.now() - started;
gc?.();
const after = process.memoryUsage();
// Right after the build, V8 still holds old-space pages of the build's garbage (rows, cards being built) that it
// releases over the next collections: "settled" is what a server idle after its build keeps.
for (let i = 0; i < 5; i++) {
  await sleep(200);
  gc?.();
}
const settled = process.memoryUsage();
console.log(
  JSON.stringify({
    products: data.liveCount,
    words: data.words.size,
    ms: Math.round(ms),
    rssMb: mb(after.rss - before.rss),
    heapMb: mb(after.heapUsed - before.heapUsed),
    // Cards, vectors and posting lists live in buffers outside the JS heap.
    arrayBuffersMb: mb(after.arrayBuffers - before.arrayBuffers),
    settledRssMb: mb(settled.rss - before.rss),
  }),
);
await database.close();
