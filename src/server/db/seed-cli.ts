// `npm run db:seed`: seeds the demo catalogue and news into an empty database and exits.
import path from 'node:path';
import { loadConfig } from '../infra/config';
import { openDatabase } from '../infra/db';
import { createMediaStore } from '../infra/storage.plugin';
import { seedDemo } from './seed/seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
const result = await seedDemo(database, await createMediaStore(config));
await database.close();
console.log(`seeded ${result.products} products and ${result.news} news articles (${database.kind})`);
