import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts.routes';
import { ensureAdmin } from './admin-bootstrap';
import { firstAdminLink, issueFirstAdminToken } from './first-admin';
import { emailVerificationRoutes } from './email-verification.routes';

/**
 * The accounts feature. At every start the ADMIN_EMAIL account exists and is an admin, before the app listens, so
 * the first request sees it; without one, while no admin exists, a one-time link to create the first admin is
 * printed (decision 046); then the accounts routes.
 */
export const accountsFeature: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app;
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin(app.auth, database.db, config.adminEmail, config.adminPassword);
    app.log.info({ email: config.adminEmail, outcome }, 'admin account ensured');
  } else {
    const token = await issueFirstAdminToken(database.db);
    // Printed on its own line too: an owner reads the terminal, not JSON logs.
    if (token) {
      const link = firstAdminLink(config.baseUrl, token);
      app.log.warn({ link }, 'no admin yet: open the link to create the first admin (valid until used)');
      // Tests' apps read the log line only.
      if (config.env !== 'test')
        process.stdout.write(
          `\nNo admin yet. Create the first admin here (the link works once):\n  ${link}\n\n`,
        );
    }
  }
  await app.register(accountsRoutes);
  await app.register(emailVerificationRoutes);
};
