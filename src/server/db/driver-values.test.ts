import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDbKind, type TestDatabase } from '../test/helper';
import { products } from './schema';

// What the two drivers must agree on, so that a feature's tests on one database speak for the other
// (docs/decisions/032-test-suite-time.md, "Which files run on both databases").
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

describe(`the ${testDbKind} driver's values`, () => {
  it('reads int8 (count, sum, bigint) as numbers, numeric, timestamps and dates as text, JSON as objects', async () => {
    const { rows } = await t.database.db.execute<Record<string, unknown>>(sql`
      select count(*) as n, sum(x) as total, 9007199254740991::int8 as big, 2::int4 as small,
             1.50::numeric as exact, now() as at, current_date as day, '{"a":1}'::jsonb as doc
      from (values (1), (2)) v(x)`);
    const row = rows[0]!;
    expect(row.n).toBe(2);
    expect(row.total).toBe(3);
    expect(row.big).toBe(Number.MAX_SAFE_INTEGER);
    expect(row.small).toBe(2);
    expect(row.exact).toBe('1.50');
    // Raw SQL gets Drizzle's own parsers for dates: the text PostgreSQL sent (columns map it to Date themselves).
    expect(row.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(row.day).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(row.doc).toEqual({ a: 1 });
  });

  it('reads a count through the query builder as a number', async () => {
    const [row] = await t.database.db.select({ n: sql`count(*)` }).from(products);
    expect(row!.n).toBe(0);
  });

  it('a query on the pool inside an open transaction never runs inside it', async () => {
    const db = t.database.db;
    const outside = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // PGlite: one connection, so the pool's query waits for the transaction to end (awaiting it would hang).
      // PostgreSQL in tests: refused at once, so a feature tested there cannot hide that hang.
      const query = db.execute(sql`select 1 as one`).then(
        () => 'ran',
        (e: Error) => (e.cause instanceof Error ? e.cause.message : e.message),
      );
      const early = await Promise.race([query, new Promise((r) => setTimeout(() => r('waiting'), 300))]);
      return { early, query };
    });
    if (testDbKind === 'pglite') {
      expect(outside.early).toBe('waiting');
      expect(await outside.query).toBe('ran');
    } else {
      expect(outside.early).toMatch(/inside an open transaction/);
    }
  });
});
