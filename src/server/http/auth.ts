import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import * as schema from '../db/schema';
import type { AppConfig } from '../infra/config';
import type { Db } from '../infra/db';
import { authRules, VERIFY_PAGE, type AuthHandle } from './auth-rules';
import { composeMail, type Mailer } from '../infra/mail';
import { authSecret } from '../infra/secret';
import { registerAuthGuard } from './auth-guard';

/** The header through which Fastify hands Better Auth the client IP it trusts (see app.ts); never taken from clients. */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

/** The mail Better Auth asks the shop to send: a password reset link, an address to verify. */
function authMails(config: AppConfig, send: (message: Parameters<Mailer['send']>[0]) => Promise<unknown>) {
  const shop = config.shop.name;
  return {
    resetPassword: async ({ user, url }: { user: { email: string; name: string }; url: string }) => {
      await send(
        composeMail(shop, {
          to: user.email,
          subject: `Reset your ${shop} password`,
          greeting: `Hello ${user.name},`,
          paragraphs: [
            'Someone asked to reset the password of your account. If it was you, choose a new password with the link below; it is valid for one hour.',
            'If it was not you, ignore this mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', url },
        }),
      );
    },
    verifyEmail: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
      // Not Better Auth's GET /verify-email, which verifies on opening (mail scanners open links): our page, which
      // asks who is finishing it (decision 012, addendum on issue 21 item 11).
      const url = `${config.baseUrl}${VERIFY_PAGE}?token=${encodeURIComponent(token)}`;
      await send(
        composeMail(shop, {
          to: user.email,
          subject: `Verify your email for ${shop}`,
          greeting: `Welcome to ${shop}, ${user.name}!`,
          paragraphs: ['Please confirm that this is your email address. The link is valid for 24 hours.'],
          action: { label: 'Verify my email', url },
        }),
      );
    },
  };
}

/** How users may sign in besides a password: Google and an OIDC provider when configured; roles and bearer tokens. */
function signInWith(config: AppConfig) {
  return {
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
          },
        }
      : {},
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      bearer(),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: `${config.oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  } satisfies Pick<BetterAuthOptions, 'socialProviders' | 'plugins'>;
}

/** Better Auth: email and password, optional Google / OIDC sign-in, bearer tokens, roles; all from the config. */
export function createAuth(
  config: AppConfig,
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  onPostgres: boolean,
  password?: PasswordHashing,
) {
  const shop = config.shop.name;
  const send = (message: Parameters<Mailer['send']>[0]) =>
    // Mail failures must not turn a sign-up or a reset request into an error page; they are logged.
    mailer.send(message).catch((err: unknown) => log.error({ err, to: message.to }, 'could not send mail'));

  const mails = authMails(config, send);
  // The rules call back into the instance they help configure.
  const built: { auth?: AuthHandle } = {};
  const rules = authRules({ db, log, auth: () => built.auth! });

  const auth = betterAuth({
    appName: shop,
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: authSecret(config),
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    logger: { disabled: config.logLevel === 'silent' },
    // Unexpected failures (a database outage above all) reach the app's error handler, which answers 503 or 500 in
    // the shop's error format; Better Auth's own 4xx answers are unaffected.
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Better Auth's scrypt unless the app was built with another (only the tests' apps are, see PasswordHashing).
      ...(password ? { password } : {}),
      // Registering logs the user in; verification is asked for, not required. Better Auth's own auto sign-in is
      // off so that a sign-up naming a known address gets its generic answer; auth-rules signs new users in.
      requireEmailVerification: false,
      autoSignIn: false,
      onExistingUserSignUp: ({ user }) => rules.resendVerification(user),
      // The made-up user of that answer has every field a real new one has, with the same defaults.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: mails.resetPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      // A verification link proves the mailbox, not the password: it signs nobody in.
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: mails.verifyEmail,
    },
    user: {
      additionalFields: {
        // Profile fields are written only through PUT /api/userprofile, which validates them.
        phone: { type: 'string', required: false, defaultValue: '', input: false },
        address: { type: 'string', required: false, defaultValue: '', input: false },
        education: { type: 'string', required: false, defaultValue: '', input: false },
        linkedin: { type: 'string', required: false, defaultValue: '', input: false },
      },
    },
    ...signInWith(config),
    rateLimit: {
      enabled: config.authRateLimit,
      // Shared by every instance on PostgreSQL; one process on PGlite.
      storage: onPostgres ? 'database' : 'memory',
      // Better Auth's own memory store is one Map per process, shared by every auth instance built in it; a store of
      // this instance's own changes nothing for the shop (one per process) and keeps apart the many apps a test
      // worker builds one after another.
      ...(onPostgres ? {} : { customStorage: memoryRateLimitStore() }),
      window: 60,
      max: 200,
      customRules: {
        // Password sign-in and reset mail have the shop's own limits (auth-limits.ts, applied in auth-routes.ts):
        // failures per account and per address, resets per address asked about. A per-IP count of every attempt
        // locked out offices behind one NAT address.
        '/sign-in/email': false,
        '/request-password-reset': false,
        '/sign-up/email': { window: 60, max: 10 },
        '/send-verification-email': { window: 300, max: 5 },
        '/sign-in/social': { window: 60, max: 20 },
      },
    },
    hooks: rules.hooks,
    databaseHooks: rules.databaseHooks,
    advanced: {
      backgroundTasks: rules.backgroundTasks,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https:'),
      database: { generateId: () => crypto.randomUUID() },
    },
  });
  built.auth = auth;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * How passwords are hashed and checked. Only code can choose it (`buildApp`'s options; no setting does): the API
 * tests' apps use a cheap one, because Better Auth's scrypt costs about 100 ms of CPU per sign-up and sign-in and the
 * suite signs people up and in over a thousand times (docs/decisions/032-test-suite-time.md).
 */
export type PasswordHashing = NonNullable<NonNullable<BetterAuthOptions['emailAndPassword']>['password']>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/** `app.auth` (Better Auth on the app's database and mailer) and the guard that checks each route's `config.auth`. */
export const authPlugin = fp<{ password?: PasswordHashing }>(
  async (app, opts) => {
    const { config, database, mailer } = app;
    app.decorate(
      'auth',
      createAuth(config, database.db, mailer, app.log, database.kind === 'postgres', opts.password),
    );
    registerAuthGuard(app);
  },
  { name: 'auth', dependencies: ['config', 'database', 'mailer', 'session-cache'] },
);

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

/** A fixed-window request count per key, held by one auth instance; expired windows are dropped as it grows. */
export function memoryRateLimitStore(maxEntries = 10_000): RateLimitStorage {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const prune = (now: number) => {
    if (windows.size <= maxEntries) return;
    for (const [key, w] of windows) if (now >= w.endsAt) windows.delete(key);
  };
  return {
    async consume(key, rule) {
      const now = Date.now();
      prune(now);
      let w = windows.get(key);
      if (!w || now >= w.endsAt) {
        w = { count: 0, endsAt: now + rule.window * 1000 };
        windows.set(key, w);
      }
      if (w.count >= rule.max) return { allowed: false, retryAfter: Math.ceil((w.endsAt - now) / 1000) };
      w.count += 1;
      return { allowed: true, retryAfter: null };
    },
  };
}
