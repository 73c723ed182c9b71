import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts.routes';
import { ensureAdmin } from './admin-bootstrap';
import { firstAdminLink, issueFirstAdminToken } from './first-admin';
import { emailVerificationRoutes } from './email-verification.routes';

/**
 * The accounts feature. At every start the ADMIN_EMAIL account exists and is an admin, before the app listens, so
 * the first request sees it; without one, while no admin exists, a one-time link to create the first admin is
 * printed (decisions 046, 079); then the accounts routes.
 */
export const accountsFeature: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app;
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin(app.auth, database.db, config.adminEmail, config.adminPassword);
    app.log.info({ email: config.adminEmail, outcome }, 'admin account ensured');
  } else {
    // Issued once the app is ready, waited for at most a second and never failing the start: a database that is down
    // must not keep the shop from starting (it answers 503 until the database is back); the link then comes at the
    // next start.
    app.addHook('onReady', async () => {
      const issued = app.auth.$context
        .then((ctx) => issueFirstAdminToken(database.db, ctx.secret))
        .then(
          (token) => {
            if (!token) return;
            const link = firstAdminLink(config.baseUrl, token);
            app.log.warn(
              { link },
              'no admin yet: open the link to create the first admin (valid until used)',
            );
            // Printed on its own line too: an owner reads the terminal, not JSON logs.
            process.stdout.write(
              `\nFirst start: no admin yet. Create the shop's admin here (the link works once; until then every ` +
                `start prints it again):\n  ${link}\n\n`,
            );
          },
          (err: unknown) =>
            app.log.warn({ err }, 'could not issue the first-admin link; it is issued at the next start'),
        );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([issued, new Promise((done) => (timer = setTimeout(done, 1_000).unref()))]);
      clearTimeout(timer);
    });
  }
  await app.register(accountsRoutes);
  await app.register(emailVerificationRoutes);
};
