import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';

let t: TestApp, admin: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ url: `/api/audit${query}`, headers: admin.headers });

interface Page {
  entries: { _id: string; kind: string; createdAt: string }[];
  nextBefore: string | null;
}

/** Follows `nextBefore` from the first page to the last, as the audit page does. */
async function readAll(query: string) {
  const ids: string[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await get(`?${query}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    ids.push(...page.entries.map((e) => e._id));
    before = page.nextBefore;
    if (!before) return ids;
  }
  throw new Error('paging did not end');
}

describe('GET /api/audit paging', () => {
  it('returns every entry exactly once when many share one timestamp (keyset on time and id)', async () => {
    const at = new Date('2026-05-04T10:11:12.345Z');
    const rows = Array.from({ length: 85 }, (_, i) => ({
      actorEmail: admin.email,
      kind: i % 2 ? 'product.edited' : 'news.edited',
      entityType: 'product',
      entityId: `p-${i}`,
      summary: `edit ${i}`,
      createdAt: at,
    }));
    const inserted = await t.database.db.insert(auditLog).values(rows).returning({ id: auditLog.id });
    // One newer and one older entry around the tied block.
    await t.database.db.insert(auditLog).values([
      { ...rows[0]!, entityId: 'newer', createdAt: new Date(at.getTime() + 1) },
      { ...rows[0]!, entityId: 'older', createdAt: new Date(at.getTime() - 1) },
    ]);

    const ids = await readAll('limit=7');
    expect(ids).toHaveLength(87);
    expect(new Set(ids).size).toBe(87);
    for (const { id } of inserted) expect(ids).toContain(id);

    const edited = await readAll('limit=5&kind=product.edited');
    expect(edited).toHaveLength(42);
    expect(new Set(edited).size).toBe(42);
  });

  it('keeps the microseconds of the database in the cursor', async () => {
    const res = await get('?limit=1');
    const { nextBefore } = res.json() as Page;
    expect(nextBefore).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z~[0-9a-f-]{36}$/);
  });

  it('still accepts a bare date-time: entries strictly before it', async () => {
    const res = await get(`?before=${encodeURIComponent('2026-05-04T10:11:12.345Z')}&limit=200`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page).entries.map((e) => e.createdAt)).toEqual(['2026-05-04T10:11:12.344Z']);
  });

  it.each([
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+01:00',
    '10000-01-01T00:00:00Z',
    '2026-13-01T00:00:00Z',
    'yesterday',
    '2026-05-04T10:11:12Z~not-an-id',
  ])('answers 400 naming `before` for %s', async (before) => {
    const res = await get(`?before=${encodeURIComponent(before)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^before: /);
  });
});
