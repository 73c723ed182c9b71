import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { e2eAdmin } from './admin';
import { linkFromMail, newEmail } from './mail';

/** Fails on serious or critical accessibility violations, listing them readably. */
export async function expectAccessible(page: Page, label = page.url()) {
  // Colours are judged as they end up: a button or toast still fading in has a contrast it never keeps. Finite
  // transitions and animations are awaited (a spinner's endless one is not).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // A toast can start fading out while the scan runs (its timer is its own): without its transition it is either
  // shown in its real colours or gone, never half-transparent.
  await page.addStyleTag({ content: '[data-sonner-toast] { transition: none !important; }' });
  // Every rule runs; only the violations are collected node by node (axe's `resultTypes`: the passes, which we never
  // read, are summarised by one node each instead of hundreds: about a fifth less time on a long list).
  // Legacy mode runs axe.run in the page itself. The default mode runs each frame partially and then opens a blank
  // page, injects axe again and merges the results there: on the catalogue page that was 11–17 s against 4–5 s on a
  // loaded 2-core host, for the same violations. What legacy mode gives up is testing cross-origin frames, which
  // these pages do not have (payments use the built-in provider; docs/decisions/032-test-suite-time.md).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `accessibility of ${label}`,
  ).toEqual([]);
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Opens /register and sends the form; the caller asserts what happens next. */
export async function submitRegistration(page: Page, who: Account & { confirmPassword?: string }) {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(who.confirmPassword ?? who.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

/** The main navigation's Dashboard link, shown only to a signed-in user. */
export const dashboardLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });

/**
 * Confirms the confirmation dialog called `title` with its button `confirm`. Fails when the dialog does not open,
 * so a step cannot be skipped silently.
 */
export async function confirmDialog(page: Page, title: string, confirm: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

interface Fixtures {
  offMachineRequests: string[];
  /** Registers a new customer on `page` (a fresh address unless given) and waits until they are signed in. */
  register: (who?: Partial<Account>) => Promise<Account>;
  /** Follows the verification link mailed to `who` on `page` and verifies there (one click in the registering browser). */
  verifyEmail: (who: Pick<Account, 'email'>) => Promise<void>;
  /** Fills and sends the login form already shown on `on` (default: `page`). */
  login: (who: Pick<Account, 'email' | 'password'>, on?: Page) => Promise<void>;
  /** A page in its own browser context, signed in as the admin the server was started with. */
  adminPage: Page;
}

export const test = base.extend<Fixtures>({
  /** Every test also proves the shop makes no request that leaves this machine. */
  offMachineRequests: [
    async ({ page }, use) => {
      const seen: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol))
          seen.push(req.url());
      });
      await use(seen);
      expect(seen, 'requests that left the machine').toEqual([]);
    },
    { auto: true },
  ],

  register: async ({ page }, use) => {
    await use(async (who = {}) => {
      const name = who.name ?? 'Casey Customer';
      const account = {
        name,
        email: who.email ?? newEmail(name.split(' ')[0]!.toLowerCase()),
        password: who.password ?? 'secret123',
      };
      await submitRegistration(page, account);
      await expect(dashboardLink(page)).toBeVisible();
      return account;
    });
  },

  verifyEmail: async ({ page }, use) => {
    await use(async ({ email }) => {
      await page.goto(await linkFromMail(email, /Verify your email/));
      // Opening the link changes nothing; this browser registered, so one click verifies.
      await page.getByRole('button', { name: 'Verify my email' }).click();
      await expect(page.getByText('Your email is verified.')).toBeVisible();
    });
  },

  login: async ({ page }, use) => {
    await use(async ({ email, password }, on = page) => {
      await on.getByLabel('Email', { exact: true }).fill(email);
      await on.getByLabel('Password', { exact: true }).fill(password);
      await on.getByRole('button', { name: 'Login', exact: true }).click();
    });
  },

  // Signing the admin in is set-up, not what the test checks: one call to the sign-in endpoint from the context's
  // own request client (its cookies are the page's), instead of the login form in every admin test. The form itself
  // is driven by the accounts tests.
  adminPage: [
    async ({ browser, baseURL }, use) => {
      const context = await browser.newContext();
      const signIn = await context.request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL! },
        data: { email: e2eAdmin.email, password: e2eAdmin.password },
      });
      expect(signIn.status(), 'the admin signs in').toBe(200);
      const admin = await context.newPage();
      // On the shop's own page, as after signing in by hand: the tests' set-up calls (admin.request) send its
      // address as their Referer, which the shop's cross-site check asks of a cookie-carrying write.
      await admin.goto('/');
      await use(admin);
      await context.close();
    },
    { timeout: 30_000 },
  ],
});

export { expect };
