import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';

let t: TestApp;
let first: Client;
let second: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  first = await signUpAdmin(t.app);
  second = await signUpAdmin(t.app);
  for (const [who, name] of [
    [first, 'Alpha'],
    [second, 'Beta'],
    [first, 'Gamma'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: who.headers,
      payload: { name },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const page = async (query: string) => {
  const res = await t.app.inject({ url: `/api/audit?${query}`, headers: first.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: { summary: string }[]; nextBefore: string | null };
};

describe('GET /api/audit: search and sort', () => {
  it("finds one admin's actions by the start of their email", async () => {
    const mine = await page(`actor=${encodeURIComponent(first.email.toUpperCase())}`);
    expect(mine.entries.map((e) => e.summary)).toEqual(['Created category Gamma', 'Created category Alpha']);
  });

  it('pages oldest first through the same cursor', async () => {
    const one = await page('sort=oldest&limit=2');
    expect(one.entries.map((e) => e.summary)).toEqual(['Created category Alpha', 'Created category Beta']);
    const two = await page(`sort=oldest&limit=2&before=${encodeURIComponent(one.nextBefore!)}`);
    expect(two.entries.map((e) => e.summary)).toEqual(['Created category Gamma']);
    expect(two.nextBefore).toBeNull();
  });

  it('names a bad sort', async () => {
    const res = await t.app.inject({ url: '/api/audit?sort=up', headers: first.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sort' });
  });
});
