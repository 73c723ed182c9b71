import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { signUp } from '../test/auth';
import { makeProduct, payOrder, placeOrder } from '../test/shop';
import { registerQueueDepth } from './metrics';

const TOKEN = 'metrics-token-0123456789';

/** Reads one sample's value from a Prometheus text exposition. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? NaN : Number(line.split(' ').pop());
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' });
  });
  afterAll(() => t.close());

  it('is refused to anyone not on this machine, and to proxied requests', async () => {
    const remote = await t.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ error: 'forbidden' });
    expect(remote.body).not.toContain('http_request');
    const proxied = await t.app.inject({
      url: '/api/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(403);
    for (const [header, value] of [
      ['via', '1.1 nginx'],
      ['x-forwarded-host', 'shop.example'],
      ['x-forwarded-proto', 'https'],
      ['true-client-ip', '203.0.113.7'],
      ['cf-connecting-ip', '203.0.113.7'],
      ['forwarded', 'for=203.0.113.7'],
      ['x-real-ip', '203.0.113.7'],
      // Found by the outside test (issue 39, item 9): each one used to get the metrics.
      ['x-forwarded', 'for=203.0.113.7'],
      ['forwarded-for', '203.0.113.7'],
      ['x-proxyuser-ip', '203.0.113.7'],
      ['client-ip', '203.0.113.7'],
      ['x-client-ip', '203.0.113.7'],
      ['x-cluster-client-ip', '203.0.113.7'],
      ['x-originating-ip', '203.0.113.7'],
      ['x-remote-addr', '203.0.113.7'],
      ['x-forwarded-for-original', '203.0.113.7'],
      // The same rule, beyond the names seen so far: a misspelling, proxy and CDN words, a list of addresses.
      ['x-forward-for', '203.0.113.7'],
      ['x-bluecoat-via', '1.1 proxy'],
      ['cdn-loop', 'cloudflare'],
      ['x-proxy-id', 'edge-1'],
      ['x-client-ips', '203.0.113.7'],
      ['forwarded-host', 'shop.example'],
    ]) {
      const res = await t.app.inject({
        url: '/api/metrics',
        remoteAddress: '127.0.0.1',
        headers: { [header!]: value! },
      });
      expect(res.statusCode, header).toBe(403);
    }
  });

  it('serves Prometheus text to loopback callers: requests, database, process', async () => {
    await t.app.inject('/api/news');
    await t.app.inject('/api/news');
    const res = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'http_requests_total', 'method="GET",route="/api/news",status_code="200"')).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/news",status_code="200"'),
    ).toBe(2);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/news"/);
    expect(sample(text, 'shop_db_up', `driver="${t.database.kind}"`)).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'shop_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
      expect(sample(text, 'shop_db_pool_connections', 'state="waiting"')).toBe(0);
    }
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    const ipv6 = await t.app.inject({ url: '/api/metrics', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });

  it('counts orders placed and paid', async () => {
    const read = async () => (await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' })).body;
    const before = await read();
    const customer = await signUp(t.app, { verified: true });
    const product = await makeProduct(t.app);
    const placed = await placeOrder(t.app, customer, { productId: product.id, quantity: 2 });
    expect(placed.statusCode, placed.body).toBe(200);
    const middle = await read();
    expect(sample(middle, 'shop_orders_placed_total')).toBe(sample(before, 'shop_orders_placed_total') + 1);
    expect(sample(middle, 'shop_orders_paid_total')).toBe(sample(before, 'shop_orders_paid_total'));

    const orderId = (placed.json() as { insertedId: string }).insertedId;
    const { pay } = await payOrder(t.app, customer, orderId);
    expect(pay?.statusCode, pay?.body).toBe(200);
    await payOrder(t.app, customer, orderId); // a repeated confirmation pays nothing twice
    const after = await read();
    expect(sample(after, 'shop_orders_paid_total')).toBe(sample(before, 'shop_orders_paid_total') + 1);
    expect(sample(after, 'shop_orders_placed_total')).toBe(sample(before, 'shop_orders_placed_total') + 1);
  });

  it('publishes the depth of a registered queue', async () => {
    let waiting = 3;
    registerQueueDepth(t.app, 'mail', () => waiting);
    const first = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(sample(first.body, 'shop_queue_depth', 'queue="mail"')).toBe(3);
    waiting = 0;
    const second = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(sample(second.body, 'shop_queue_depth', 'queue="mail"')).toBe(0);
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('needs the token, from anywhere', async () => {
    const anonymous = await t.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.7' });
    expect(anonymous.statusCode).toBe(401);
    const local = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/api/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect(wrong.json()).toMatchObject({ error: 'unauthorized' });
    const right = await t.app.inject({
      url: '/api/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE shop_orders_placed_total counter');
  });
});
