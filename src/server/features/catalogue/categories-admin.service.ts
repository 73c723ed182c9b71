import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import {
  slugify,
  type AdminCategory,
  type CategoryCreate,
  type CategoryUpdate,
} from '@shared/catalogue/categories-admin.schema';
import { categories, categorySpecAttributes, products, specAttributes } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { depthFirst, descendantIds, loadCategories, pathTo } from './categories.service';

type Attribute = Omit<AdminCategory['attributes'][number], 'inheritedFrom'>;

/** GET /api/admin/categories: the whole tree (a few dozen rows), with counts and the attributes products carry. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const [cats, links, counts] = await Promise.all([
    loadCategories(db),
    db
      .select({
        categoryId: categorySpecAttributes.categoryId,
        key: specAttributes.key,
        label: specAttributes.label,
        type: specAttributes.type,
        unitKind: specAttributes.unitKind,
        unit: specAttributes.unit,
        filterable: specAttributes.filterable,
      })
      .from(categorySpecAttributes)
      .innerJoin(specAttributes, eq(specAttributes.id, categorySpecAttributes.attributeId))
      .orderBy(asc(categorySpecAttributes.position), asc(specAttributes.key)),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(isNull(products.archivedAt))
      .groupBy(products.categoryId),
  ]);
  const own = new Map<string, Attribute[]>();
  for (const { categoryId, ...a } of links) own.set(categoryId, [...(own.get(categoryId) ?? []), a]);
  const productCount = new Map(counts.map((c) => [c.categoryId, c.n]));
  return depthFirst(cats).map(({ category: c, depth }) => ({
    _id: c.id,
    slug: c.slug,
    name: c.name,
    parentId: c.parentId,
    unspsc: c.unspsc,
    depth,
    productCount: productCount.get(c.id) ?? 0,
    childCount: cats.filter((x) => x.parentId === c.id).length,
    // From the top of the tree down, then the category's own: the order a product page shows them in.
    attributes: pathTo(cats, c.id).flatMap((p) =>
      (own.get(p.id) ?? []).map((a) => ({ ...a, inheritedFrom: p.id === c.id ? null : p.slug })),
    ),
  }));
}

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

/** The next free position among a parent's children: a new or moved category goes last. */
async function nextPosition(tx: Tx, parentId: string | null): Promise<number> {
  const [row] = await tx
    .select({ last: max(categories.position) })
    .from(categories)
    .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId));
  return (row?.last ?? -1) + 1;
}

async function requireParent(tx: Tx, parentId: string | null) {
  if (!parentId) return null;
  const [row] = await tx.select().from(categories).where(eq(categories.id, parentId));
  if (!row) throw fieldError('bad_request', 'parentId', 'no such category');
  return row;
}

export async function createCategory(db: Db, actor: SessionUser, input: CategoryCreate) {
  const slug = input.slug ?? slugify(input.name);
  if (!slug) throw fieldError('bad_request', 'slug', 'cannot be made from this name: please give one');
  return db.transaction(async (tx) => {
    const parent = await requireParent(tx, input.parentId);
    const [row] = await tx
      .insert(categories)
      .values({
        slug,
        name: input.name,
        parentId: parent?.id ?? null,
        position: await nextPosition(tx, parent?.id ?? null),
        unspsc: input.unspsc,
      })
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw fieldError('conflict', 'slug', 'is already used by another category');
        throw err;
      });
    const after = { slug, name: input.name, parent: parent?.slug ?? null, unspsc: input.unspsc };
    await recordAudit(tx, actor, {
      kind: 'category.created',
      entityType: 'category',
      entityId: row!.id,
      summary: `Created category ${input.name}`,
      after,
    });
    return { _id: row!.id, ...after };
  });
}

/** Renames and/or moves a category. The whole (small) tree is locked, so two moves cannot make a cycle together. */
export async function updateCategory(db: Db, actor: SessionUser, id: string, changes: CategoryUpdate) {
  return db.transaction(async (tx) => {
    await tx.select({ id: categories.id }).from(categories).for('update');
    const cats = await loadCategories(tx);
    const current = cats.find((c) => c.id === id);
    if (!current) throw notFound('Category');
    const slugOf = (cid: string | null) => cats.find((c) => c.id === cid)?.slug ?? null;
    const set: Partial<typeof categories.$inferInsert> = {};
    if (changes.parentId !== undefined && changes.parentId !== current.parentId) {
      if (changes.parentId && descendantIds(cats, id).includes(changes.parentId)) {
        throw fieldError(
          'conflict',
          'parentId',
          'a category cannot move under itself or one of its subcategories',
        );
      }
      await requireParent(tx, changes.parentId);
      set.parentId = changes.parentId;
      set.position = await nextPosition(tx, changes.parentId);
    }
    if (changes.name !== undefined && changes.name !== current.name) set.name = changes.name;
    if (changes.unspsc !== undefined && changes.unspsc !== current.unspsc) set.unspsc = changes.unspsc;
    const unchanged = { name: current.name, parent: slugOf(current.parentId), unspsc: current.unspsc };
    if (Object.keys(set).length === 0) return { _id: id, slug: current.slug, ...unchanged };
    await tx.update(categories).set(set).where(eq(categories.id, id));
    // The category's name is part of its products' search text: the trigger rebuilds it.
    if (set.name) await tx.update(products).set({ searchVector: null }).where(eq(products.categoryId, id));
    const before = unchanged;
    const after = {
      name: set.name ?? current.name,
      parent: slugOf(set.parentId === undefined ? current.parentId : set.parentId),
      unspsc: set.unspsc === undefined ? current.unspsc : set.unspsc,
    };
    const what = [
      set.name && `renamed to ${set.name}`,
      set.parentId !== undefined && `moved under ${after.parent ?? 'the top level'}`,
      set.unspsc !== undefined && (set.unspsc ? `given UNSPSC ${set.unspsc}` : 'without a UNSPSC code'),
    ];
    await recordAudit(tx, actor, {
      kind: 'category.edited',
      entityType: 'category',
      entityId: id,
      summary: `Category ${current.name} ${what.filter(Boolean).join(' and ')}`,
      before,
      after,
    });
    return { _id: id, slug: current.slug, ...after };
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Deletes an empty category; one that still holds products or subcategories is a 409 that says so. */
export async function deleteCategory(db: Db, actor: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!current) throw notFound('Category');
    const [[kids], [goods]] = await Promise.all([
      tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
      tx
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.categoryId, id), isNull(products.archivedAt))),
    ]);
    const parts = [
      goods!.n > 0 && plural(goods!.n, 'product', 'products'),
      kids!.n > 0 && plural(kids!.n, 'subcategory', 'subcategories'),
    ].filter(Boolean);
    if (parts.length > 0) {
      throw new AppError(
        'conflict',
        `${current.name} is not empty: it still has ${parts.join(' and ')}. Move or delete them first.`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, actor, {
      kind: 'category.deleted',
      entityType: 'category',
      entityId: id,
      summary: `Deleted category ${current.name}`,
      before: { slug: current.slug, name: current.name },
    });
  });
}
