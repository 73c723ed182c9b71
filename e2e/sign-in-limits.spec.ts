import { request as apiRequest } from '@playwright/test';
import { test, expect } from './fixtures';
import { e2eLimitsURL } from './limits';
import { newEmail } from './mail';

// Decision 012 in a browser, against the shop started with its sign-in limits on: only failures count.
const shop = e2eLimitsURL();

test('twelve accounts sign in one after another from one address; none is throttled', async ({ page }) => {
  test.setTimeout(90_000);
  // Set-up registers from twelve addresses of its own (registration keeps a per-address limit of its own).
  const api = await apiRequest.newContext({ baseURL: shop, extraHTTPHeaders: { origin: shop } });
  const accounts = Array.from({ length: 12 }, () => ({ email: newEmail('office'), password: 'secret123' }));
  for (const [i, account] of accounts.entries()) {
    const res = await api.post('/api/auth/sign-up/email', {
      data: { ...account, name: 'Office Buyer' },
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
    });
    expect(res.status(), `sign-up ${i + 1}`).toBe(200);
  }
  await api.dispose();

  // The browser is one office behind one NAT address: every sign-in comes from 127.0.0.1.
  for (const account of accounts) {
    await page.context().clearCookies();
    await page.goto(`${shop}/login`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Login successfully'), account.email).toBeVisible();
  }

  // The limits are on: wrong passwords on one account make the form say how long to wait.
  await page.context().clearCookies();
  await page.goto(`${shop}/login`);
  await page.getByLabel('Email', { exact: true }).fill(accounts[0]!.email);
  const alert = page.getByRole('alert').filter({ hasText: /password|Too many/ });
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(alert).toContainText('The email or password is not correct.');
  }
  await page.getByLabel('Password', { exact: true }).fill(accounts[0]!.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(alert).toHaveText(/^Too many attempts\. Try again in \d+ seconds\.$/);
});
