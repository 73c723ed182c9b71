import { and, eq, sql } from 'drizzle-orm';
import type { AttributeUsage } from '@shared/catalogue/categories-admin.schema';
import { categorySpecAttributes, specAttributes } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { lockBranch, ownAttributes } from './category-attributes.service';

/**
 * The product_specs rows a removal deletes: the values of the category's and its subcategories' products (deleted
 * ones too, so a restored product does not bring back a spec its category no longer has). When no other category
 * defines the attribute, it goes altogether, and so does any value left elsewhere (a product moved out of the
 * branch keeps its specs): every row of it.
 */
function removedValues(attributeId: number, below: string[], elsewhere: boolean) {
  const scope = elsewhere
    ? sql` and s.product_id in (select p.id from products p where p.category_id in (${sql.join(
        below.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`
    : sql``;
  return sql`product_specs s where s.attribute_id = ${attributeId}::int${scope}`;
}

async function findOwn(tx: Tx, categoryId: string, key: string, lock = true) {
  const branch = await lockBranch(tx, categoryId, lock);
  const own = branch.inBranch.find((a) => a.categoryId === categoryId && a.key === key);
  if (!own) throw notFound('Spec attribute of this category');
  const elsewhere = branch.links.some((l) => l.id === own.id && l.categoryId !== categoryId);
  return { ...branch, own, elsewhere };
}

/** What removing one of the category's own attributes would delete, for the admin's confirmation. */
export async function attributeUsage(db: Db, categoryId: string, key: string): Promise<AttributeUsage> {
  return db.transaction(async (tx) => {
    // A count for a question, not a write: no lock (the removal counts again under it).
    const { own, below, elsewhere } = await findOwn(tx, categoryId, key, false);
    const { rows } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${removedValues(own.id, below, elsewhere)}`,
    );
    return { key: own.key, label: own.label, productsWithValue: rows[0]?.n ?? 0 };
  });
}

/**
 * Takes one of the category's own attributes off it, with the values its products hold for it: a value nobody can
 * see, filter, export or edit any more (the product API refuses a spec its category lacks) would only linger in
 * the search words. Audited with the definition and the number of values deleted.
 */
export async function removeAttribute(db: Db, actor: SessionUser, categoryId: string, key: string) {
  return db.transaction(async (tx) => {
    const { category, own, below, elsewhere } = await findOwn(tx, categoryId, key);
    const [definition] = await tx.select().from(specAttributes).where(eq(specAttributes.id, own.id));
    const { rows: gone } = await tx.execute<{ productId: string }>(
      sql`delete from ${removedValues(own.id, below, elsewhere)} returning s.product_id as "productId"`,
    );
    if (elsewhere)
      await tx
        .delete(categorySpecAttributes)
        .where(
          and(
            eq(categorySpecAttributes.categoryId, categoryId),
            eq(categorySpecAttributes.attributeId, own.id),
          ),
        );
    // The last category to define it: the definition goes (its link with it), so the key is free again.
    else await tx.delete(specAttributes).where(eq(specAttributes.id, own.id));
    if (gone.length)
      // Their spec values were search words ("8 bar"); spec_values follows by product_specs' own trigger.
      await tx.execute(sql`update products p set search_vector = product_search_vector(p)
        where p.id = any(${sql.param(gone.map((g) => g.productId))}::uuid[])`);
    await recordAudit(tx, actor, {
      kind: 'category.edited',
      entityType: 'category',
      entityId: categoryId,
      summary: `Category ${category.name}: removed the spec ${definition!.label} (${key}) and ${gone.length} ${
        gone.length === 1 ? "product's value" : "products' values"
      } for it`,
      before: {
        key,
        label: definition!.label,
        type: definition!.type,
        unitKind: definition!.unitKind,
        filterable: definition!.filterable,
        productsWithValue: gone.length,
      },
      after: null,
    });
    return { attributes: await ownAttributes(tx, categoryId), removedValues: gone.length };
  });
}
