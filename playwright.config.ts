import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eAdmin } from './e2e/admin';
import { e2eLimitsURL } from './e2e/limits';
import { e2eRatesURL } from './e2e/rates';

// One fresh data folder per run; workers inherit it through the environment instead of making their own.
const firstLoad = !process.env.E2E_DATA_DIR;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DATA_DIR, 'mail-received');
process.env.E2E_SMTP_PORT ??= '3125';
process.env.E2E_LIMITS_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-limits-'));
process.env.E2E_RATES_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-rates-'));
// The runner's own process (this file is evaluated again in every worker) migrates one database for the three
// servers before they start.
if (firstLoad) {
  const { migratedDataDirs } = await import('./e2e/data-dirs');
  await migratedDataDirs([
    process.env.E2E_DATA_DIR,
    process.env.E2E_LIMITS_DATA_DIR,
    process.env.E2E_RATES_DATA_DIR,
  ]);
}
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const limitsURL = e2eLimitsURL();
const ratesURL = e2eRatesURL();
// Debian's headless-only Chromium when installed (`apt-get install chromium-headless-shell`): the same engine at about
// half the CPU of the full browser's headless mode, which matters on 2 cores; else the full browser.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromePath =
  process.env.CHROME_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // On CI's 2 cores a busy run has taken 2–3× the local time per test (26 Nov: ≈ 30 s for the register flow with
  // its axe scans): generous limits there, so only a hang fails.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  // The 20 slowest spec files, whatever their time, so `npm test` shows where the browser suite spends it.
  reportSlowTests: { max: 20, threshold: 0 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Recording a trace costs every test a screencast; only a retry (a test that already failed once) records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node dist/server/server.js',
      url: `${baseURL}/api/readyz`,
      reuseExistingServer: false,
      // A fresh data folder's initdb, migrations and demo seed took ≈ 10 s idle, near a minute on a loaded host; the
      // folder now comes initialised and migrated (e2e/data-dirs.ts), the limit stays for a loaded host.
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED_DEMO: 'true',
        // The spec's flows on a goods-only shop (SPEC §9's rule): no shipping or tax tables, so their totals are
        // the spec's. The shipping and tax flows need a shop of their own (docs/decisions/037-shipping-and-tax.md).
        SEED_DEMO_RATES: 'false',
        // The specs count the 18 demo products; e2e/equipment.spec.ts makes its own machines and parts.
        SEED_DEMO_EQUIPMENT: 'false',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: 'false',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Toolhouse <no-reply@toolhouse.example>',
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        // The staff mailing list of decision 034 (e2e/staff-mail.spec.ts reads what it receives).
        STAFF_EMAILS: 'orders-desk@toolhouse.example',
        // The approval window's test clock (e2e/approval-window.spec.ts ages a checkout by days; admins only).
        TEST_HOOKS: 'true',
        // Webhooks to the receiver e2e/webhooks.spec.ts starts on 127.0.0.1 (decision 061).
        OUTBOUND_ALLOW_PRIVATE: 'true',
        DATABASE_URL: '',
      },
    },
    // The same build with the sign-in limits on (the shop above runs without them, since every test registers from
    // one address): sign-in-limits.spec.ts proves them in a browser. Loopback is its proxy, so set-up requests can
    // name addresses of their own in X-Forwarded-For while the browser's requests all come from 127.0.0.1.
    {
      command: 'node dist/server/server.js',
      url: `${limitsURL}/api/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: new URL(limitsURL).port,
        HOST: '127.0.0.1',
        BASE_URL: limitsURL,
        DATA_DIR: process.env.E2E_LIMITS_DATA_DIR,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: 'true',
        TRUST_PROXY: '127.0.0.1',
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Toolhouse <no-reply@toolhouse.example>',
      },
    },
    // The same build with the demo's shipping methods and tax rates (a warehouse in Dallas, TX): the shipping, tax,
    // exemption and backorder flows of e2e/shipping-tax.spec.ts, which would change every other test's totals.
    {
      command: 'node dist/server/server.js',
      url: `${ratesURL}/api/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: new URL(ratesURL).port,
        HOST: '127.0.0.1',
        BASE_URL: ratesURL,
        DATA_DIR: process.env.E2E_RATES_DATA_DIR,
        SEED_DEMO: 'true',
        SEED_DEMO_RATES: 'true',
        SEED_DEMO_EQUIPMENT: 'false',
        // Public product pages (a setting per process): e2e/seo.spec.ts hydrates a server-rendered one here. Its
        // other specs sign in first, and a signed-in visitor gets the same page either way.
        PUBLIC_PRODUCT_PAGES: 'true',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: 'false',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Toolhouse <no-reply@toolhouse.example>',
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        DATABASE_URL: '',
      },
    },
  ],
});
