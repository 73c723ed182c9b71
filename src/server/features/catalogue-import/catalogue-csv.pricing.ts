import { sql } from 'drizzle-orm';
import {
  breaksToCents,
  priceBreaksProblem,
  priceBreaksSchema,
  type PriceBreakCents,
} from '@shared/catalogue/pricing';
import { productPricingFields } from '@shared/catalogue/catalogue.schema';
import { centsToDollars, centsToDollarText } from '@shared/common/money';

/**
 * The CSV's pack_size and price_breaks columns. A break list is written `10:11.20;50:9.90` (from 10 units $11.20
 * each, from 50 $9.90); `none` removes a product's breaks, and an empty cell leaves them as they are, like every
 * other column.
 */
export const BREAKS_FORMAT = 'must be like 10:11.20;50:9.90 (minimum quantity:unit price; … or none)';

/** A product's breaks as one comparable key (cents), the form findBySku reads them in: `10:1120;50:990`. */
export const breaksKey = (breaks: readonly PriceBreakCents[]) =>
  breaks.map((b) => `${b.minQuantity}:${b.unitPriceCents}`).join(';');

/** The same key read from the database, for a query on `products`. */
export const breaksKeySql = sql`(select string_agg(b.min_quantity || ':' || b.unit_price_cents, ';'
  order by b.min_quantity) from product_price_breaks b where b.product_id = products.id)`;

export const breaksFromKey = (key: string | null): PriceBreakCents[] =>
  key
    ? key.split(';').map((part) => {
        const [q, c] = part.split(':');
        return { minQuantity: Number(q), unitPriceCents: Number(c) };
      })
    : [];

/** The cell an export writes: dollars with cents, sorted by minimum quantity; empty without breaks. */
export const breaksCell = (key: string | null) =>
  breaksFromKey(key)
    .map((b) => `${b.minQuantity}:${centsToDollarText(b.unitPriceCents)}`)
    .join(';');

const CELL = /^\s*\d+\s*:\s*\d+(\.\d+)?\s*$/;

/** A price_breaks cell → breaks in cents, or what is wrong with it. */
export function parseBreaksCell(cell: string): { breaks: PriceBreakCents[] } | { problem: string } {
  if (cell.toLowerCase() === 'none') return { breaks: [] };
  const parts = cell.split(';').filter((p) => p.trim() !== '');
  if (parts.length === 0 || !parts.every((p) => CELL.test(p))) return { problem: BREAKS_FORMAT };
  const breaks = parts.map((p) => {
    const [q, price] = p.split(':');
    return { minQuantity: Number(q), price: Number(price) };
  });
  const parsed = priceBreaksSchema.safeParse(breaks);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at =
      typeof issue.path[0] === 'number'
        ? `${parts[issue.path[0]]!.trim()}: ${String(issue.path[1] ?? '')} `
        : '';
    return { problem: `${at}${issue.message}`.trim() };
  }
  return { breaks: breaksToCents(parsed.data) };
}

/** Why these breaks (cents) don't fit this price (cents), or undefined. */
export const breaksPriceProblem = (priceCents: number, breaks: readonly PriceBreakCents[]) =>
  priceBreaksProblem(
    centsToDollars(priceCents),
    breaks.map((b) => ({ minQuantity: b.minQuantity, price: centsToDollars(b.unitPriceCents) })),
  ) ?? undefined;

/** A pack_size cell's problem, or undefined. */
export function packSizeProblem(n: number): string | undefined {
  if (Number.isNaN(n)) return 'must be a whole number';
  const r = productPricingFields.packSize.safeParse(n);
  return r.success ? undefined : r.error.issues[0]!.message;
}
