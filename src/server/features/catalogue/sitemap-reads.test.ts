// Both databases: a sitemap batch reads its products' audit entries as one range of text ids, which must hold them
// all under each database's collation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeCatalogueProduct } from '../../test/catalogue';
import { listedProducts } from './sitemap-reads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t.close());

/** Each listed product's last change as decision 048 defined it: one probe of the audit log per product. */
async function expected() {
  const { rows } = await t.app.database.db.execute<{ id: string; lastmod: unknown }>(sql`
    select p.id, greatest(p.created_at, (
      select max(a.created_at) from audit_log a where a.entity_type = 'product' and a.entity_id = p.id::text
    )) as lastmod from products p where p.archived_at is null order by p.id`);
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod as string).getTime() }));
}

describe('listedProducts', () => {
  it('gives every product the time of its latest audited edit, or its creation, in batches of any size', async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < 6; i++) made.push(await makeCatalogueProduct(t.app, { name: `Sitemap Batch ${i}` }));
    const now = Date.now();
    const later = (s: number) => new Date(now + s * 1000);
    const entry = (entityType: string, entityId: string, at: Date) => ({
      actorEmail: 'admin@example.com',
      kind: `${entityType}.update`,
      entityType,
      entityId,
      summary: 'edit',
      createdAt: at,
    });
    await t.app.database.db.insert(auditLog).values([
      // Two edits of one product: the later counts.
      entry('product', made[0]!.id, later(10)),
      entry('product', made[0]!.id, later(20)),
      entry('product', made[3]!.id, later(30)),
      // An entry about something else under a product's id does not count.
      entry('order', made[1]!.id, later(40)),
      entry('product', made[5]!.id, later(50)),
    ]);
    const want = await expected();
    expect(want.find((r) => r.id === made[0]!.id)!.lastmod).toBe(later(20).getTime());
    for (const batch of [1, 2, 5, 7, 1000]) {
      const got = [];
      for await (const r of listedProducts(t.app.database.db, 0, 100_000, batch))
        got.push({ id: r.id, lastmod: r.lastmod!.getTime() });
      expect(got, `batch ${batch}`).toEqual(want);
    }
  });

  it('stops at the limit with a read ahead in flight, and when the reader stops early', async () => {
    const all = (await expected()).map((r) => r.id);
    const got = [];
    for await (const r of listedProducts(t.app.database.db, 3, 7, 2)) got.push(r.id);
    expect(got).toEqual(all.slice(3, 10));
    for await (const r of listedProducts(t.app.database.db, 0, 100, 2)) {
      expect(r.id).toBe(all[0]);
      break;
    }
  });
});
