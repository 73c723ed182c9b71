import { asc, and, eq, inArray, sql } from 'drizzle-orm';
import type { PriceList, PriceRule, PriceRuleInput } from '@shared/companies/price-lists.schema';
import {
  basisPointsToPercent,
  centsToDollars,
  dollarsToCents,
  formatCents,
  percentToBasisPoints,
} from '@shared/common/money';
import { categories, companyPriceLists, priceListRules, products } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';
import { pricingDay } from '../catalogue/index';

// A price list's rules: read with what they name, checked against the catalogue, written and summarised, for the
// JSON calls (price-lists.service.ts) and the CSV import (price-lists-csv.service.ts) alike.

type ListRow = typeof companyPriceLists.$inferSelect;

const isCurrent = (l: Pick<ListRow, 'validFrom' | 'validTo'>, day = pricingDay()) =>
  l.validFrom <= day && (l.validTo === null || l.validTo >= day);

export async function withRules(db: Db | Tx, rows: ListRow[]): Promise<PriceList[]> {
  const ids = rows.map((r) => r.id);
  const rules = ids.length
    ? await db
        .select({
          rule: priceListRules,
          sku: products.sku,
          productName: products.name,
          listPriceCents: products.priceCents,
          categoryName: categories.name,
          categorySlug: categories.slug,
        })
        .from(priceListRules)
        .leftJoin(products, eq(products.id, priceListRules.productId))
        .leftJoin(categories, eq(categories.id, priceListRules.categoryId))
        .where(inArray(priceListRules.priceListId, ids))
        .orderBy(asc(priceListRules.priceListId), asc(priceListRules.position))
    : [];
  const toRule = (r: (typeof rules)[number]): PriceRule => {
    const { rule } = r;
    if (rule.productId)
      return {
        kind: 'sku',
        productId: rule.productId,
        sku: r.sku ?? '',
        name: r.productName ?? '',
        listPrice: centsToDollars(r.listPriceCents ?? 0),
        price: centsToDollars(rule.unitPriceCents!),
        listPriceCents: r.listPriceCents ?? 0,
        priceCents: rule.unitPriceCents!,
      };
    if (rule.categoryId)
      return {
        kind: 'category',
        categoryId: rule.categoryId,
        category: r.categorySlug ?? '',
        categoryName: r.categoryName ?? '',
        percentOff: basisPointsToPercent(rule.percentOffBp!),
      };
    return { kind: 'brand', brand: rule.brand!, percentOff: basisPointsToPercent(rule.percentOffBp!) };
  };
  const day = pricingDay();
  return rows.map((l) => ({
    _id: l.id,
    name: l.name,
    validFrom: l.validFrom,
    validTo: l.validTo,
    current: isCurrent(l, day),
    rules: rules.filter((r) => r.rule.priceListId === l.id).map(toRule),
    createdAt: l.createdAt.toISOString(),
  }));
}

export async function readList(db: Db | Tx, companyId: string, listId: string) {
  const [row] = await db
    .select()
    .from(companyPriceLists)
    .where(and(eq(companyPriceLists.id, listId), eq(companyPriceLists.companyId, companyId)));
  if (!row) throw notFound('Price list');
  return (await withRules(db, [row]))[0]!;
}

/** The products and categories rules name, read at once: SKU (upper case) → product, slug → category. */
export async function ruleTargets(db: Db | Tx, rules: readonly PriceRuleInput[]) {
  const skus = rules.flatMap((r) => (r.kind === 'sku' ? [r.sku.toLowerCase()] : []));
  const found = skus.length
    ? await db
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(sql`lower(${products.sku})`, skus))
    : [];
  const slugs = rules.flatMap((r) => (r.kind === 'category' ? [r.category] : []));
  const categoryRows = slugs.length
    ? await db
        .select({ id: categories.id, slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, slugs))
    : [];
  return {
    productBySku: new Map(found.map((p) => [p.sku?.toUpperCase(), p.id])),
    categoryBySlug: new Map(categoryRows.map((c) => [c.slug, c.id])),
  };
}
export type RuleTargets = Awaited<ReturnType<typeof ruleTargets>>;

export type RuleRow = typeof priceListRules.$inferInsert;

/**
 * One rule as its row, or the rule's field that names nothing (with the message): the one check of what a rule
 * names, for the JSON calls and the CSV import alike.
 */
export function ruleRow(
  r: PriceRuleInput,
  targets: RuleTargets,
  base: { priceListId: string; position: number },
): RuleRow | { field: 'sku' | 'category'; message: string } {
  if (r.kind === 'sku') {
    const productId = targets.productBySku.get(r.sku);
    if (!productId) return { field: 'sku', message: `no product has the SKU ${r.sku}` };
    return { ...base, productId, unitPriceCents: dollarsToCents(r.price) };
  }
  const percentOffBp = percentToBasisPoints(r.percentOff);
  if (r.kind === 'category') {
    const categoryId = targets.categoryBySlug.get(r.category);
    if (!categoryId) return { field: 'category', message: `no category has the slug ${r.category}` };
    return { ...base, categoryId, percentOffBp };
  }
  return { ...base, brand: r.brand, percentOffBp };
}

/** Replaces a list's rules by these rows. */
export async function replaceRules(tx: Tx, listId: string, rows: RuleRow[]) {
  await tx.delete(priceListRules).where(eq(priceListRules.priceListId, listId));
  if (rows.length) await tx.insert(priceListRules).values(rows);
}

/** The rules as the audit log shows them. */
export const rulesSummary = (rules: readonly PriceRuleInput[]) =>
  rules.map((r) =>
    r.kind === 'sku'
      ? `${r.sku} at ${formatCents(dollarsToCents(r.price))}`
      : `${r.percentOff}% off ${r.kind === 'category' ? `category ${r.category}` : `brand ${r.brand}`}`,
  );
