import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appOnDatabase, closedPort, startSilentServer } from '../../test/faulty-db';

/** Runs a request and measures how long it took to answer. */
async function timed(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await app.inject({ url, headers });
  return { res, ms: performance.now() - started };
}

function expectUnavailable(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toMatchObject({ error: 'unavailable' });
}

describe('a database that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let t: Awaited<ReturnType<typeof appOnDatabase>>;
  beforeAll(async () => {
    silent = await startSilentServer();
    t = await appOnDatabase(`postgres://postgres@127.0.0.1:${silent.port}/shop`);
  });
  afterAll(async () => {
    await t?.close();
    await silent?.close();
  });

  it('reports not ready within about a second', async () => {
    const { res, ms } = await timed(t.app, '/api/readyz');
    expectUnavailable(res);
    expect(ms).toBeLessThan(1_500);
  });

  it('answers 503 with Retry-After within the connect timeout, for many requests at once', async () => {
    const started = performance.now();
    const all = await Promise.all(
      Array.from({ length: 25 }, (_, i) => t.app.inject(i % 2 ? '/api/products' : '/api/news')),
    );
    for (const res of all) expectUnavailable(res);
    // 25 requests on a pool of 10: the waiting ones give up after the same 500 ms.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('answers 503, not 401 or 500, when the session cannot be checked', async () => {
    const { res, ms } = await timed(t.app, '/api/myorder/someone@example.com', {
      authorization: 'Bearer some-session-token',
    });
    expectUnavailable(res);
    expect(ms).toBeLessThan(3_000);
  });

  it('answers 503 on Better Auth calls (sign-in) too', async () => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: { email: 'someone@example.com', password: 'secret-password' },
    });
    expectUnavailable(res);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('keeps /api/healthz (the process) alive', async () => {
    const { res } = await timed(t.app, '/api/healthz');
    expect(res.statusCode).toBe(200);
  });
});

describe('a stopped database (nothing listens on its port)', () => {
  let t: Awaited<ReturnType<typeof appOnDatabase>>;
  beforeAll(async () => {
    t = await appOnDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/shop`);
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After at once', async () => {
    for (const url of ['/api/products', '/api/news', '/api/readyz']) {
      const { res, ms } = await timed(t.app, url);
      expectUnavailable(res);
      expect(ms).toBeLessThan(1_500);
    }
  });
});
