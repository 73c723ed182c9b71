// `npm run make-admin -- <email>`: promotes an existing user to admin from the command line.
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { openDatabase } from '../../infra/db';
import { promoteToAdmin } from './accounts.service';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const { modified } = await promoteToAdmin(database.db, email);
  console.log(modified ? `${email} is now an admin.` : `${email} was already an admin.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
