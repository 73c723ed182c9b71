import fp from 'fastify-plugin';
import { seedDemo } from '../db/seed/seed';
import { ensureAdmin } from '../features/accounts/admin-bootstrap';

/**
 * Start-up data: the ADMIN_EMAIL account exists and is an admin at every start, and an empty shop gets the demo
 * catalogue and news when SEED_DEMO is on. Both run before the app listens, so the first request sees them.
 */
export const bootstrapPlugin = fp(
  async (app) => {
    const { config, database, media } = app;
    if (config.adminEmail && config.adminPassword) {
      const outcome = await ensureAdmin(app.auth, database.db, config.adminEmail, config.adminPassword);
      app.log.info({ email: config.adminEmail, outcome }, 'admin account ensured');
    }
    if (config.seedDemo) {
      const seeded = await seedDemo(database, media);
      if (seeded.products || seeded.news) app.log.info(seeded, 'seeded demo catalogue and news');
    }
  },
  { name: 'bootstrap', dependencies: ['config', 'database', 'media-store', 'auth'] },
);
