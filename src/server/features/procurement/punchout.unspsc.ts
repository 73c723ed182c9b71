import { inArray } from 'drizzle-orm';
import { categories, products } from '../../db/schema';
import type { Db } from '../../infra/db';

/**
 * The UNSPSC code of each product a transfer carries: its category's own, else the nearest ancestor's that has one
 * (a subcategory without a code still sits inside its parent's commodity class). Products in no coded category are
 * absent: the transfer then sends no Classification and an empty MATGROUP rather than an invented code.
 */
export async function unspscOf(db: Db, productIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (productIds.length === 0) return out;
  const [placed, cats] = await Promise.all([
    db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(inArray(products.id, productIds)),
    // The tree is a few dozen rows; read whole, so walking up costs no further queries.
    db
      .select({ id: categories.id, parentId: categories.parentId, unspsc: categories.unspsc })
      .from(categories),
  ]);
  if (!cats.some((c) => c.unspsc)) return out;
  const byId = new Map(cats.map((c) => [c.id, c]));
  for (const p of placed) {
    // Bounded by the tree's size, in case a cycle ever slipped in.
    let c = p.categoryId ? byId.get(p.categoryId) : undefined;
    for (let hops = 0; c && !c.unspsc && hops < cats.length; hops++)
      c = c.parentId ? byId.get(c.parentId) : undefined;
    if (c?.unspsc) out.set(p.id, c.unspsc);
  }
  return out;
}
