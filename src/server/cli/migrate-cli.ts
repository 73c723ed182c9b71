// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import path from 'node:path';
import { loadConfig } from '../infra/config';
import { openDatabase } from '../infra/db';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
