import { and, asc, eq, sql } from 'drizzle-orm';
import {
  slugify,
  type AdminCategory,
  type AttributeCreate,
  type AttributeUpdate,
} from '@shared/catalogue/categories-admin.schema';
import { units, type UnitKind } from '@shared/catalogue/units';
import { categories, categorySpecAttributes, specAttributes } from '../../db/schema';
import { fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { descendantIds, loadCategories, pathTo } from './categories.service';

type OwnAttribute = AdminCategory['attributes'][number];

/** The canonical unit stored beside the kind, so SQL can index "8 bar" as the words a buyer types. */
const unitOf = (kind: string | null) => (kind ? units[kind as UnitKind].metric : null);

/** The category's own attributes in order, as the admin list shows them. */
export async function ownAttributes(tx: Tx, categoryId: string): Promise<OwnAttribute[]> {
  const rows = await tx
    .select({
      key: specAttributes.key,
      label: specAttributes.label,
      type: specAttributes.type,
      unitKind: specAttributes.unitKind,
      unit: specAttributes.unit,
      filterable: specAttributes.filterable,
    })
    .from(categorySpecAttributes)
    .innerJoin(specAttributes, eq(specAttributes.id, categorySpecAttributes.attributeId))
    .where(eq(categorySpecAttributes.categoryId, categoryId))
    .orderBy(asc(categorySpecAttributes.position), asc(specAttributes.key));
  return rows.map((r) => ({ ...r, inheritedFrom: null }));
}

/**
 * Locks the (small) category tree, so attribute edits of one branch are serialised, and answers the category and
 * the attributes its branch uses: its ancestors' (which its products show) and its descendants' (whose products show
 * its own), where a name or key must not repeat.
 */
export async function lockBranch(tx: Tx, categoryId: string, lock = true) {
  if (lock) await tx.select({ id: categories.id }).from(categories).for('update');
  const cats = await loadCategories(tx);
  const category = cats.find((c) => c.id === categoryId);
  if (!category) throw notFound('Category');
  const below = descendantIds(cats, categoryId);
  const branch = new Set([...pathTo(cats, categoryId).map((c) => c.id), ...below]);
  const attrs = await tx
    .select({
      categoryId: categorySpecAttributes.categoryId,
      id: specAttributes.id,
      key: specAttributes.key,
      label: specAttributes.label,
    })
    .from(categorySpecAttributes)
    .innerJoin(specAttributes, eq(specAttributes.id, categorySpecAttributes.attributeId));
  return {
    category,
    /** The category and its subcategories: the products that carry its own attributes. */
    below,
    /** Every category's attribute links, so a removal can tell whether another category still defines one. */
    links: attrs,
    inBranch: attrs.filter((a) => branch.has(a.categoryId)),
  };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const nameTaken = () =>
  fieldError(
    'conflict',
    'label',
    'is already the name of a spec of this category, a parent or a subcategory',
  );

/**
 * Adds a spec attribute to a category, last in its order. A key another category already defines is shared when
 * its type and unit agree (the two categories' products then filter and export together), a 409 otherwise.
 */
export async function createAttribute(
  db: Db,
  actor: SessionUser,
  categoryId: string,
  input: AttributeCreate,
) {
  const key = input.key ?? slugify(input.label).slice(0, 41).replace(/-+$/, '');
  if (!/^[a-z]/.test(key))
    throw fieldError('bad_request', 'key', 'cannot be made from this name: please give one');
  return db.transaction(async (tx) => {
    const { category, inBranch } = await lockBranch(tx, categoryId);
    if (inBranch.some((a) => a.key === key))
      throw fieldError('conflict', 'key', 'is already a spec of this category, a parent or a subcategory');
    if (inBranch.some((a) => sameName(a.label, input.label))) throw nameTaken();
    const [existing] = await tx.select().from(specAttributes).where(eq(specAttributes.key, key));
    if (existing && (existing.type !== input.type || existing.unitKind !== input.unitKind))
      throw fieldError(
        'conflict',
        'key',
        `is used by another category for a ${existing.type}${existing.unitKind ? ` in ${existing.unit}` : ''}: choose another key`,
      );
    const attribute =
      existing ??
      (
        await tx
          .insert(specAttributes)
          .values({
            key,
            label: input.label,
            type: input.type,
            unitKind: input.unitKind,
            unit: unitOf(input.unitKind),
            filterable: input.filterable,
          })
          .returning()
      )[0]!;
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${categorySpecAttributes.position}), -1)::int` })
      .from(categorySpecAttributes)
      .where(eq(categorySpecAttributes.categoryId, categoryId));
    await tx
      .insert(categorySpecAttributes)
      .values({ categoryId, attributeId: attribute.id, position: (last?.n ?? -1) + 1 });
    await recordAudit(tx, actor, {
      kind: 'category.edited',
      entityType: 'category',
      entityId: categoryId,
      summary: `Category ${category.name}: added the spec ${attribute.label} (${key})`,
      after: {
        key,
        label: attribute.label,
        type: attribute.type,
        unitKind: attribute.unitKind,
        filterable: attribute.filterable,
      },
    });
    return ownAttributes(tx, categoryId);
  });
}

/**
 * Renames one of the category's own attributes (shared with another category, it is renamed there too); its type
 * and unit change only while no product has a value for it, since stored values would change meaning.
 */
export async function updateAttribute(
  db: Db,
  actor: SessionUser,
  categoryId: string,
  key: string,
  changes: AttributeUpdate,
) {
  return db.transaction(async (tx) => {
    const { category, inBranch } = await lockBranch(tx, categoryId);
    const own = inBranch.find((a) => a.categoryId === categoryId && a.key === key);
    if (!own) throw notFound('Spec attribute of this category');
    const [current] = await tx.select().from(specAttributes).where(eq(specAttributes.id, own.id));
    const type = changes.type ?? current!.type;
    // A text attribute has no unit, so turning a number into text drops it.
    const unitKind =
      type === 'text' ? null : changes.unitKind === undefined ? current!.unitKind : changes.unitKind;
    const set: Partial<typeof specAttributes.$inferInsert> = {};
    if (changes.label !== undefined && changes.label !== current!.label) {
      if (inBranch.some((a) => a.id !== own.id && sameName(a.label, changes.label!))) throw nameTaken();
      set.label = changes.label;
    }
    // Like the name, the flag belongs to the attribute: a shared one stops being a filter in every category.
    if (changes.filterable !== undefined && changes.filterable !== current!.filterable)
      set.filterable = changes.filterable;
    if (type !== current!.type || unitKind !== current!.unitKind) {
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from product_specs where attribute_id = ${own.id}`,
      );
      const n = rows[0]?.n ?? 0;
      if (n > 0)
        throw fieldError(
          'conflict',
          changes.type !== undefined && type !== current!.type ? 'type' : 'unitKind',
          `cannot change while ${n} ${n === 1 ? 'product has' : 'products have'} a value for it`,
        );
      Object.assign(set, { type, unitKind, unit: unitOf(unitKind) });
    }
    if (Object.keys(set).length > 0) {
      await tx.update(specAttributes).set(set).where(eq(specAttributes.id, own.id));
      await recordAudit(tx, actor, {
        kind: 'category.edited',
        entityType: 'category',
        entityId: categoryId,
        summary: `Category ${category.name}: edited the spec ${current!.label} (${key})`,
        before: {
          label: current!.label,
          type: current!.type,
          unitKind: current!.unitKind,
          filterable: current!.filterable,
        },
        after: {
          label: set.label ?? current!.label,
          type,
          unitKind,
          filterable: set.filterable ?? current!.filterable,
        },
      });
    }
    return ownAttributes(tx, categoryId);
  });
}

/** Puts the category's own attributes in the given order: each of them exactly once. */
export async function orderAttributes(db: Db, actor: SessionUser, categoryId: string, keys: string[]) {
  return db.transaction(async (tx) => {
    const { category, inBranch } = await lockBranch(tx, categoryId);
    const own = inBranch.filter((a) => a.categoryId === categoryId);
    const ownKeys = own.map((a) => a.key);
    if (
      keys.length !== ownKeys.length ||
      new Set(keys).size !== keys.length ||
      keys.some((k) => !ownKeys.includes(k))
    )
      throw fieldError(
        'bad_request',
        'keys',
        `must list each of the category's own attributes once: ${ownKeys.sort().join(', ') || 'it has none'}`,
      );
    const before = (await ownAttributes(tx, categoryId)).map((a) => a.key);
    for (const [position, key] of keys.entries()) {
      const id = own.find((a) => a.key === key)!.id;
      await tx
        .update(categorySpecAttributes)
        .set({ position })
        .where(
          and(eq(categorySpecAttributes.categoryId, categoryId), eq(categorySpecAttributes.attributeId, id)),
        );
    }
    await recordAudit(tx, actor, {
      kind: 'category.edited',
      entityType: 'category',
      entityId: categoryId,
      summary: `Category ${category.name}: reordered its specs`,
      before: { order: before },
      after: { order: keys },
    });
    return ownAttributes(tx, categoryId);
  });
}
