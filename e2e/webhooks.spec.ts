import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { test, expect, expectAccessible } from './fixtures';

// Webhooks (docs/decisions/061-webhooks.md): the admin adds an endpoint pointing at a receiver this test runs, sends
// a test event, and sees it delivered in the log; the receiver verifies the signature with the secret shown once.
test('an admin adds an endpoint, sends a test event and sees it delivered', async ({ adminPage: page }) => {
  test.setTimeout(90_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    await page.goto('/dashboard/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description').fill('ERP test receiver');
    await page.getByRole('checkbox', { name: 'order.created' }).check();
    await page.getByRole('checkbox', { name: 'order.paid' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'webhooks page');
    await page.getByRole('button', { name: 'I have copied it' }).click();

    const card = page.getByRole('listitem').filter({ hasText: url });
    await card.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [got] = received;
    const verified = new Webhook(secret).verify(got!.body, {
      'webhook-id': String(got!.headers['webhook-id']),
      'webhook-timestamp': String(got!.headers['webhook-timestamp']),
      'webhook-signature': String(got!.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test' });

    await card.getByRole('button', { name: 'Delivery log' }).click();
    const log = card.getByRole('region', { name: 'Deliveries table' });
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('delivered', {
      timeout: 15_000,
    });
    await expect(log).toContainText(String(got!.headers['webhook-id']));
    await expectAccessible(page, 'webhooks page with its delivery log');

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: url })).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
