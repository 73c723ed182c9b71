import { describe, expect, it } from 'vitest';
import { within } from '../../test/instances';
import { cacheBus, listed, redisProxies, twoInstances, type Proxy } from '../../test/redis-instances';

// PostgreSQL only: two instances on one database, their cache announcements over a Redis that stops (connections
// refused) and comes back. Each change is checked on the other instance's product list, product, search and
// server-rendered catalogue page.
const redisProxy = redisProxies();

describe('cache announcements with Redis refusing connections', { timeout: 60_000 }, () => {
  let proxy: Proxy;
  const { s, changePrice, bShows } = twoInstances(async (i) => {
    if (i === 0) ({ proxy } = await redisProxy());
    return { REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
  });

  it('a change made while Redis is stopped reaches the other instance within 2 s, and after it is back', async () => {
    const { a, b } = s;
    await within(2_000, () => bShows(100));
    await proxy.refuse();
    expect(await changePrice(91)).toBeLessThanOrEqual(2_000);
    await within(3_000, async () => (await cacheBus(a)) === 'postgres' && (await cacheBus(b)) === 'postgres');
    expect(await changePrice(82)).toBeLessThanOrEqual(2_000);
    await proxy.reopen();
    await within(20_000, async () => (await cacheBus(a)) === 'redis' && (await cacheBus(b)) === 'redis');
    expect(await changePrice(73)).toBeLessThanOrEqual(2_000);
  });
});

describe('an instance whose Redis link comes back slowly', { timeout: 60_000 }, () => {
  // Each instance reaches Redis through a proxy of its own; b's holds what b sends for 500 ms (a slow link).
  const own: Proxy[] = [];
  const { s, changePrice } = twoInstances(async (i) => {
    const { proxy, env } = await redisProxy();
    own[i] = proxy;
    return env;
  });

  it('misses no change announced before Redis took its renewed subscription', async () => {
    const { b, product } = s;
    const slow = own[1]!;
    slow.delay(500);
    await within(5_000, async () => (await cacheBus(b)) === 'redis');
    // Both of b's connections dropped and made again at once (ioredis reconnects 100 ms later).
    await slow.refuse();
    await slow.reopen();
    await within(3_000, async () => (await cacheBus(b)) === 'postgres');
    // The moment b counts its link as up again it serves from its cache and stops forgetting it every second; a
    // announces over Redis. Had b counted the link up once connected, its SUBSCRIBE (still on its way) would reach
    // Redis after a's announcement, and b would show the old price until the next change.
    await within(20_000, async () => (await cacheBus(b)) === 'redis');
    expect(await listed(b, product.id)).toBe(100);
    expect(await changePrice(64)).toBeLessThanOrEqual(2_000);
  });
});
