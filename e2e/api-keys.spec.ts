import { test, expect, confirmDialog, expectAccessible } from './fixtures';

test('an admin creates an API key, copies it, an integration uses it, and the admin revokes it', async ({
  adminPage: admin,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `ERP sync ${Date.now().toString(36)}`;
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });

  await admin.goto('/dashboard/api-keys');
  await expect(admin.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expectAccessible(admin, 'api keys');

  // Nothing chosen: the form says what is missing.
  await admin.getByRole('button', { name: 'Create key', exact: true }).click();
  await expect(admin.getByText('Give the key a name')).toBeVisible();
  await expect(admin.getByText('Choose at least one scope')).toBeVisible();

  await admin.getByLabel('Name', { exact: true }).fill(name);
  await admin.getByRole('checkbox', { name: /orders:read/ }).check();
  await admin.getByRole('checkbox', { name: /products:write/ }).check();
  await admin.getByRole('button', { name: 'Create key', exact: true }).click();

  await expect(admin.getByRole('heading', { name: `Key “${name}” created` })).toBeVisible();
  const secretField = admin.getByLabel('Secret key');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^sk_live_/);
  await admin.getByRole('button', { name: 'Copy key' }).click();
  await expect(admin.getByText('Key copied')).toBeVisible();
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(admin, 'api key created');
  await admin.getByRole('button', { name: 'Done, I stored it' }).click();
  // Shown once: gone from the page, and the list shows only its start.
  await expect(secretField).toBeHidden();
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 14));
  await expect(row).toContainText('orders:read, products:write');
  await expect(row).toContainText('Never');
  await expect(admin.getByText(secret)).toHaveCount(0);

  // The integration reads orders with it; a route it was not granted is refused.
  const call = (path: string) =>
    fetch(new URL(path, baseURL), { headers: { authorization: `Bearer ${secret}` } });
  const orders = await call('/api/order?limit=1&sort=oldest');
  expect(orders.status).toBe(200);
  expect(Array.isArray(await orders.json())).toBe(true);
  const refused = await call('/api/user');
  expect(refused.status).toBe(403);

  await admin.reload();
  await expect(row).not.toContainText('Never');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Revoke key ${name}` }).click();
  await expectAccessible(admin, 'revoke api key');
  await confirmDialog(admin, `Revoke the key “${name}”?`, 'Revoke key');
  await expect(admin.getByText('Key revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const afterRevoke = await call('/api/order?limit=1');
  expect(afterRevoke.status).toBe(401);
});
