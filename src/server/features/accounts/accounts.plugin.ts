import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts.routes';
import { ensureAdmin } from './admin-bootstrap';
import { emailVerificationRoutes } from './email-verification.routes';

/**
 * The accounts feature. At every start the ADMIN_EMAIL account exists and is an admin, before the app listens, so
 * the first request sees it; then the accounts routes.
 */
export const accountsFeature: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app;
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin(app.auth, database.db, config.adminEmail, config.adminPassword);
    app.log.info({ email: config.adminEmail, outcome }, 'admin account ensured');
  }
  await app.register(accountsRoutes);
  await app.register(emailVerificationRoutes);
};
