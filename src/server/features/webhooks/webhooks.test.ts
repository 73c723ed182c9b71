import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { addEndpoint, fastWebhooks, startReceiver, waitFor, type Receiver } from '../../test/webhooks';

let t: TestApp;
let admin: Client;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ ...fastWebhooks, STAFF_EMAILS: 'ops@example.com' });
  admin = await signUpAdmin(t.app);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/webhooks${url}`,
    headers: admin.headers,
    ...(payload && { payload }),
  });

type Delivery = {
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  tries: { status: number | null; error: string | null }[];
};
const log = async (endpointId: string) =>
  (await call('GET', `/${endpointId}/deliveries`)).json() as Delivery[];

describe('webhook endpoints', { timeout: 60_000 }, () => {
  it('adds an endpoint, shows its whsec_ secret once, and a test event arrives signed with it', async () => {
    const ep = await addEndpoint(t.app, admin, receiver.url, ['order.created']);
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const read = (await call('GET', `/${ep.id}`)).json();
    expect(read).not.toHaveProperty('secret');
    expect(JSON.stringify(read)).not.toContain(ep.secret.slice(6));
    // Stored encrypted: the secret's text is nowhere in the table.
    const { rows } = await t.database.db.execute(sql`select secret_enc from webhook_endpoints`);
    expect(JSON.stringify(rows)).not.toContain(ep.secret.slice(6));

    const sent = await call('POST', `/${ep.id}/test`);
    expect(sent.statusCode).toBe(202);
    const { eventId } = sent.json() as { eventId: string };
    const got = await waitFor(() => receiver.received.find((r) => r.id === eventId), 20_000);
    expect(receiver.verify(ep.secret, got)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: ep.id },
    });
    expect(got.json.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    const delivered = await waitFor(
      async () => (await log(ep.id)).find((d) => d.status === 'delivered'),
      10_000,
    );
    expect(delivered).toMatchObject({
      eventId,
      eventType: 'webhook.test',
      attempts: 1,
      tries: [{ status: 200 }],
    });
    expect(receiver.verify.bind(null, 'whsec_' + Buffer.alloc(24).toString('base64'), got)).toThrow();
  });

  it('refuses bad input with a 400 naming the field, and non-admins', async () => {
    const bad = await call('POST', '', { url: receiver.url, events: ['order.shipped'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Event 1: must be one of order.created/);
    const none = await call('POST', '', { url: receiver.url, events: [] });
    expect(none.statusCode).toBe(400);
    const notUrl = await call('POST', '', { url: 'not a url', events: ['order.paid'] });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().field).toBe('url');
    const customer = await signUp(t.app, { verified: true });
    const res = await t.app.inject({ url: '/api/admin/webhooks', headers: customer.headers });
    expect(res.statusCode).toBe(403);
    const missing = await call('POST', '/00000000-0000-4000-8000-000000000000/test');
    expect(missing.statusCode).toBe(404);
  });

  it('retries after a 500 and a timeout, with the same webhook-id, until a 2xx', async () => {
    const flaky = await startReceiver([500, 'hang']);
    try {
      const ep = await addEndpoint(t.app, admin, flaky.url, ['order.paid']);
      const { eventId } = (await call('POST', `/${ep.id}/test`)).json() as { eventId: string };
      await waitFor(() => flaky.received.length >= 3 || undefined, 30_000);
      expect(flaky.received.map((r) => [r.id, r.answered])).toEqual([
        [eventId, 500],
        [eventId, 'hang'],
        [eventId, 200],
      ]);
      for (const r of flaky.received) expect(() => flaky.verify(ep.secret, r)).not.toThrow();
      const [d] = await waitFor(async () => {
        const l = await log(ep.id);
        return l[0]?.status === 'delivered' ? l : undefined;
      }, 10_000);
      expect(d!.attempts).toBe(3);
      expect(d!.tries.map((x) => x.status)).toEqual([200, null, 500]);
      expect(d!.tries[1]!.error).toMatch(/did not answer/);
      expect(d!.tries[2]!.error).toBe('answered 500');
    } finally {
      await flaky.close();
    }
  });

  it('disables an endpoint failing for 24 hours and mails the admins', async () => {
    const down = await startReceiver([500, 500, 500, 500, 500, 500]);
    try {
      const ep = await addEndpoint(t.app, admin, down.url, ['order.paid']);
      await call('POST', `/${ep.id}/test`);
      await waitFor(() => down.received.length >= 1 || undefined, 20_000);
      const first = await waitFor(async () => (await log(ep.id))[0]?.nextAttemptAt ?? undefined, 10_000);
      expect(first).toBeTruthy();
      // The fake clock: the endpoint has been failing for a day when the next try fails.
      await t.database.db.execute(
        sql`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${ep.id}`,
      );
      const off = await waitFor(async () => {
        const e = (await call('GET', `/${ep.id}`)).json() as {
          enabled: boolean;
          disabledReason: string | null;
        };
        return e.enabled ? undefined : e;
      }, 20_000);
      expect(off.disabledReason).toMatch(/24 hours/);
      const mail = t.mail.sent.find((m) => m.to === 'ops@example.com' && /webhook/i.test(m.subject));
      expect(mail?.text).toContain(down.url);
      const [d] = await log(ep.id);
      expect(d).toMatchObject({ status: 'failed', nextAttemptAt: null, attempts: 2 });
      const refused = await call('POST', `/${ep.id}/test`);
      expect(refused.statusCode).toBe(409);
      // Enabled again: the streak starts over and deliveries flow.
      const on = await call('PATCH', `/${ep.id}`, { enabled: true });
      expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    } finally {
      await down.close();
    }
  });

  it('rotates the secret: both verify for 24 hours, the old one not after; resend keeps the webhook-id', async () => {
    const r = await startReceiver();
    try {
      const ep = await addEndpoint(t.app, admin, r.url, ['order.paid']);
      const rotated = await call('POST', `/${ep.id}/rotate-secret`);
      expect(rotated.statusCode).toBe(200);
      const next = rotated.json() as { secret: string; previousSecretExpiresAt: string };
      expect(next.secret).not.toBe(ep.secret);
      expect(Date.parse(next.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
      const { eventId } = (await call('POST', `/${ep.id}/test`)).json() as { eventId: string };
      const during = await waitFor(() => r.received.find((x) => x.id === eventId), 20_000);
      expect(during.signature.split(' ')).toHaveLength(2);
      expect(() => r.verify(ep.secret, during)).not.toThrow();
      expect(() => r.verify(next.secret, during)).not.toThrow();

      await t.database.db.execute(
        sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${ep.id}`,
      );
      const [d] = await waitFor(async () => {
        const l = await log(ep.id);
        return l[0]?.status === 'delivered' ? l : undefined;
      }, 10_000);
      const again = await call('POST', `/${ep.id}/deliveries/${(d as unknown as { id: string }).id}/resend`);
      expect(again.statusCode).toBe(202);
      const after = await waitFor(() => (r.received.length >= 2 ? r.received[1] : undefined), 20_000);
      expect(after.id).toBe(eventId);
      expect(after.signature.split(' ')).toHaveLength(1);
      expect(() => r.verify(next.secret, after)).not.toThrow();
      expect(() => r.verify(ep.secret, after)).toThrow();
    } finally {
      await r.close();
    }
  });

  it('lists endpoints paged and deletes one with its log', async () => {
    const page = await call('GET', '?limit=2');
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    const next = await call('GET', `?limit=2&cursor=${String(page.headers['x-next-cursor'])}`);
    expect(next.statusCode).toBe(200);
    const [first] = page.json() as { id: string }[];
    expect((await call('DELETE', `/${first!.id}`)).json()).toEqual({ acknowledged: true });
    expect((await call('GET', `/${first!.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/${first!.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('request forgery', { timeout: 60_000 }, () => {
  let strict: TestApp;
  afterAll(() => strict?.close());
  it('refuses http and private or local URLs at save with a 400 unless OUTBOUND_ALLOW_PRIVATE', async () => {
    strict = await createTestApp({ SEED_DEMO: 'false' });
    const boss = await signUpAdmin(strict.app);
    const save = (url: string) =>
      strict.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: boss.headers,
        payload: { url, events: ['order.paid'] },
      });
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://169.254.169.254/latest',
      'https://[::1]/hooks',
      'https://localhost/hooks',
      'http://erp.example.com/hooks',
    ]) {
      const res = await save(url);
      expect({ url, status: res.statusCode, field: res.json().field }).toEqual({
        url,
        status: 400,
        field: 'url',
      });
    }
    expect((await save('https://erp.example.com/hooks')).statusCode).toBe(201);
    // Allowed for development and tests.
    expect((await addEndpoint(t.app, admin, 'http://127.0.0.1:9/hooks', ['order.paid'])).enabled).toBe(true);
  });
});
