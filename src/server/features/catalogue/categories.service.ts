import { asc, count, isNull } from 'drizzle-orm';
import type { CategoryRef, CategoryTree } from '@shared/catalogue/search.schema';
import { categories, categorySpecAttributes, products, specAttributes } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { eq } from 'drizzle-orm';

export interface Category {
  id: string;
  slug: string;
  name: string;
  parentId: string | null;
  /** Its own UNSPSC commodity code (8 digits), or null: punchout sends it (decision 063). */
  unspsc: string | null;
  /** Attribute keys defined on this category itself, in display order. */
  specKeys: string[];
}

/** The whole tree in display order: a few dozen rows, read in two small queries. */
export async function loadCategories(db: Db | Tx): Promise<Category[]> {
  const [rows, links] = await Promise.all([
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        parentId: categories.parentId,
        unspsc: categories.unspsc,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.slug)),
    db
      .select({ categoryId: categorySpecAttributes.categoryId, key: specAttributes.key })
      .from(categorySpecAttributes)
      .innerJoin(specAttributes, eq(specAttributes.id, categorySpecAttributes.attributeId))
      .orderBy(asc(categorySpecAttributes.position)),
  ]);
  return rows.map((r) => ({
    ...r,
    specKeys: links.filter((l) => l.categoryId === r.id).map((l) => l.key),
  }));
}

export const bySlug = (cats: Category[], slug: string) => cats.find((c) => c.slug === slug);

/** The category and everything below it. */
export function descendantIds(cats: Category[], rootId: string): string[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) {
    for (const c of cats) if (c.parentId === out[i]) out.push(c.id);
  }
  return out;
}

/** From the top of the tree down to this category. */
export function pathTo(cats: Category[], id: string | null): Category[] {
  const byId = new Map(cats.map((c) => [c.id, c]));
  const path: Category[] = [];
  for (
    let c = id ? byId.get(id) : undefined;
    c && path.length < 20;
    c = c.parentId ? byId.get(c.parentId) : undefined
  ) {
    path.unshift(c);
  }
  return path;
}

export const toRef = (c: Category): CategoryRef => ({ slug: c.slug, name: c.name });

/** Adds each category's own count to all its ancestors. */
export function rollUp(cats: Category[], own: Map<string, number>): Map<string, number> {
  const total = new Map<string, number>();
  for (const [id, n] of own) {
    for (const c of pathTo(cats, id)) total.set(c.id, (total.get(c.id) ?? 0) + n);
  }
  return total;
}

/** Depth-first: each parent, then its children in position order. */
export function depthFirst(cats: Category[]): { category: Category; depth: number }[] {
  const out: { category: Category; depth: number }[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const c of cats.filter((x) => x.parentId === parentId)) {
      out.push({ category: c, depth });
      visit(c.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** GET /api/catalogue/categories: the tree, each node with the number of live products in it and below it. */
export async function categoryTree(db: Db): Promise<CategoryTree> {
  const [cats, counts] = await Promise.all([
    loadCategories(db),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(isNull(products.archivedAt))
      .groupBy(products.categoryId),
  ]);
  const own = new Map(counts.filter((c) => c.categoryId).map((c) => [c.categoryId!, c.n]));
  const total = rollUp(cats, own);
  const byId = new Map(cats.map((c) => [c.id, c]));
  return depthFirst(cats).map(({ category: c, depth }) => ({
    ...toRef(c),
    parentSlug: c.parentId ? (byId.get(c.parentId)?.slug ?? null) : null,
    depth,
    count: total.get(c.id) ?? 0,
  }));
}
