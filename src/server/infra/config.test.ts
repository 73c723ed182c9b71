import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.baseUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('holds unpaid orders for a 30-minute checkout window within limits; ORDER_EXPIRY_HOURS still works', () => {
    const c = loadConfig({});
    expect(c.orderExpiryMs).toBe(30 * 60_000);
    expect(c.orderLimits).toEqual({ maxUnpaidOrders: 5, maxReservedUnits: 1000, approvalHoldMaxUnits: 1000 });
    expect(loadConfig({ CHECKOUT_WINDOW_MINUTES: '10' }).orderExpiryMs).toBe(600_000);
    expect(loadConfig({ ORDER_EXPIRY_HOURS: '2' }).orderExpiryMs).toBe(7_200_000);
    expect(loadConfig({ ORDER_EXPIRY_HOURS: '2', CHECKOUT_WINDOW_MINUTES: '15' }).orderExpiryMs).toBe(
      900_000,
    );
    expect(() => loadConfig({ MAX_UNPAID_ORDERS: '0' })).toThrow(/MAX_UNPAID_ORDERS/);
    expect(() => loadConfig({ CHECKOUT_WINDOW_MINUTES: 'soon' })).toThrow(/CHECKOUT_WINDOW_MINUTES/);
    expect(loadConfig({ APPROVAL_HOLD_MAX_UNITS: '0' }).orderLimits.approvalHoldMaxUnits).toBe(0);
    expect(() => loadConfig({ APPROVAL_HOLD_MAX_UNITS: '-1' })).toThrow(/APPROVAL_HOLD_MAX_UNITS/);
  });

  it('registers the test-only calls only when TEST_HOOKS turns them on', () => {
    expect(loadConfig({}).testHooks).toBe(false);
    expect(loadConfig({ TEST_HOOKS: 'true' }).testHooks).toBe(true);
  });

  it('keeps product pages behind login unless PUBLIC_PRODUCT_PAGES turns them public', () => {
    expect(loadConfig({}).publicProductPages).toBe(false);
    expect(loadConfig({ PUBLIC_PRODUCT_PAGES: 'true' }).publicProductPages).toBe(true);
    expect(loadConfig({ PUBLIC_PRODUCT_PAGES: 'off' }).publicProductPages).toBe(false);
    expect(() => loadConfig({ PUBLIC_PRODUCT_PAGES: 'sometimes' })).toThrow(
      /PUBLIC_PRODUCT_PAGES: must be true or false/,
    );
  });

  it('turns the demo seed off by default on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/shop' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/shop', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('derives BASE_URL from PORT and treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '8080', BASE_URL: '' }).baseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ BASE_URL: 'https://shop.example.com/' }).baseUrl).toBe('https://shop.example.com');
  });

  it('without BASE_URL outside production, trusts both loopback spellings of the port too', () => {
    expect(loadConfig({ PORT: '3400' }).trustedOrigins).toEqual([
      'http://localhost:3400',
      'http://127.0.0.1:3400',
      'http://[::1]:3400',
    ]);
    expect(loadConfig({ BASE_URL: 'https://shop.example.com/' }).trustedOrigins).toEqual([
      'https://shop.example.com',
    ]);
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.trustedOrigins).toEqual(['http://localhost:3000']);
    expect(production.baseUrlDefaulted).toBe(true);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('SEED_DEMO');
  });

  it('accepts a redis:// or rediss:// REDIS_URL and names it otherwise', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example.com:6380/2' }).redisUrl).toMatch(
      /^rediss:/,
    );
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a redis/);
    expect(() => loadConfig({ REDIS_URL: 'redis://' })).toThrow(/REDIS_URL/);
  });

  it('requires pairs of credentials together', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000' })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('requires a shared auth secret for production on PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop' })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
  });

  it('trusts proxy headers only when TRUST_PROXY names a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '0', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '::1/129'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('bounds every database wait, configurably', () => {
    expect(loadConfig({}).dbTimeouts).toEqual({
      connectMs: 5_000,
      statementMs: 10_000,
      idleInTransactionMs: 10_000,
      keepAliveMs: 10_000,
    });
    const c = loadConfig({
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '30000',
      DB_KEEPALIVE_MS: '0',
    });
    expect(c.dbTimeouts).toMatchObject({ connectMs: 2_000, statementMs: 30_000, keepAliveMs: 0 });
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS: must be at least/,
    );
    expect(() => loadConfig({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1.5' })).toThrow(
      /DB_IDLE_IN_TRANSACTION_TIMEOUT_MS/,
    );
  });

  it('takes a metrics token of at least 16 characters', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });

  it('reads STAFF_EMAILS as a list of addresses, each once, and names a bad one', () => {
    expect(loadConfig({}).staffEmails).toEqual([]);
    expect(
      loadConfig({ STAFF_EMAILS: ' a@example.com,, B@example.com , b@example.com ' }).staffEmails,
    ).toEqual(['a@example.com', 'b@example.com']);
    expect(() => loadConfig({ STAFF_EMAILS: 'a@example.com, nobody' })).toThrow(
      /STAFF_EMAILS.*"nobody" is not an email address/,
    );
  });

  it('validates the S3_* variables as one group', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
        .s3,
    ).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).s3?.region).toBe('eu-west-1');
    expect(() => loadConfig({ S3_REGION: 'eu-west-1' })).toThrow(/S3_BUCKET: must be set/);
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_REGION: must be set/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_REGION: 'x', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
