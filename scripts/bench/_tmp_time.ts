import { openDatabase } from '../../src/server/plugins/db';
import { searchQuerySchema } from '../../src/shared/catalogue/search.schema';
import { searchCatalogue } from '../../src/server/features/catalogue/search.service';
import { uncachedSearches } from './search';
const d = await openDatabase({ databaseUrl: process.argv[2] });
const next = uncachedSearches();
for (let i = 0; i < 12; i++) {
  const url = new URL('http://x' + next());
  const q = searchQuerySchema.parse(Object.fromEntries(url.searchParams));
  const t = performance.now();
  const r = await searchCatalogue(d.db, q);
  console.log(url.search, r.total, Math.round(performance.now() - t), 'ms', JSON.stringify(r).length);
}
await d.close();
