// `npm run db:seed`: seeds the demo catalogue, news, shipping and tax tables into an empty database and exits.
import path from 'node:path';
import { loadConfig } from '../infra/config';
import { openDatabase } from '../infra/db';
import { createMediaStore } from '../infra/storage.plugin';
import { seedDemo, seedFulfilment } from '../seed/seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
const result = await seedDemo(database, await createMediaStore(config));
const methods = await seedFulfilment(database);
await database.close();
console.log(
  `seeded ${result.products} products, ${result.news} news articles and ${methods} shipping methods (${database.kind})`,
);
