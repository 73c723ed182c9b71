import { z } from 'zod';
import { centsToDollars, dollarsToCents, formatCents, hasAtMostTwoDecimals } from '@shared/common/money';

/**
 * Pack sizes and quantity price breaks: the rules the product page, the order modal, the cart, the checkout and the
 * server all apply, so what a buyer is shown is what they are charged. Money is integer cents here; the API speaks
 * dollars.
 */

/** From `minQuantity` units on, each unit costs `unitPriceCents`. */
export interface PriceBreakCents {
  minQuantity: number;
  unitPriceCents: number;
}

/**
 * The unit price reached at this quantity: the break with the largest minimum not above it, else the base price.
 * A trade account's contract price (docs/decisions/039-trade-accounts.md) combines with breaks by one rule: the
 * buyer pays the lower of the two, min(break price at this quantity, contract price), never below 1 cent.
 */
export function unitPriceCentsAt(
  quantity: number,
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
  contractCents?: number | null,
): number {
  let best = { minQuantity: 1, unitPriceCents: basePriceCents };
  for (const b of breaks) if (b.minQuantity <= quantity && b.minQuantity > best.minQuantity) best = b;
  return contractCents == null
    ? best.unitPriceCents
    : Math.max(1, Math.min(best.unitPriceCents, contractCents));
}

/**
 * What a line saves against the base price, by where it comes from: the quantity breaks this quantity reaches, and a
 * contract price below that (a company's price list), in cents for the whole line.
 */
export function savingsCentsAt(
  quantity: number,
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
  contractCents?: number | null,
): { quantityCents: number; contractCents: number } {
  const byBreaks = unitPriceCentsAt(quantity, basePriceCents, breaks);
  const unit = unitPriceCentsAt(quantity, basePriceCents, breaks, contractCents);
  return {
    quantityCents: quantity * (basePriceCents - byBreaks),
    contractCents: quantity * (byBreaks - unit),
  };
}

/**
 * The lowest unit price any quantity reaches ("from $9.90" on a card), given the product's lowest break price (the
 * database reads that one number per card). Every card's "from" price is this one function's (decision 071).
 */
export const fromPriceCents = (basePriceCents: number, lowestBreakCents: number | null) =>
  Math.min(basePriceCents, lowestBreakCents ?? basePriceCents);

/** What the buyer saves against the base price at this quantity, in cents (0 below the first break). */
export const savingCents = (quantity: number, basePriceCents: number, breaks: readonly PriceBreakCents[]) =>
  quantity * (basePriceCents - unitPriceCentsAt(quantity, basePriceCents, breaks));

/** The message for a quantity that is not a whole number of packs. */
export const packSizeMessage = (packSize: number) =>
  `This product is sold in packs of ${packSize}: order a multiple of ${packSize}.`;

/** Why this quantity is not a whole number of packs, or null. */
export function packProblem(quantity: number, packSize: number): string | null {
  return packSize > 1 && quantity % packSize !== 0 ? packSizeMessage(packSize) : null;
}

/** The smallest quantity a buyer may order: the minimum order rounded up to a whole pack. */
export const firstOrderableQuantity = (p: { minOrder: number; packSize: number }) =>
  Math.ceil(p.minOrder / p.packSize) * p.packSize;

/** The next quantity up or down by one pack, never below the first orderable one (for +/− steppers). */
export const stepQuantity = (quantity: number, p: { minOrder: number; packSize: number }, dir: 1 | -1) =>
  Math.max(firstOrderableQuantity(p), quantity + dir * p.packSize);

/** A price break as the API reads and writes it: dollars, like every price of the API. */
export const priceBreakSchema = z.object({
  minQuantity: z
    .number({ error: 'is required' })
    .int({ error: 'must be a whole number' })
    .min(2, { error: 'must be at least 2 (the product price applies from 1)' })
    .max(1_000_000),
  price: z
    .number({ error: 'is required' })
    .positive({ error: 'must be more than 0' })
    .max(1_000_000, { error: 'must be at most 1,000,000' })
    .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' }),
});
export type PriceBreak = z.infer<typeof priceBreakSchema>;

/**
 * A product's breaks: at most 10, each minimum quantity once, and a larger quantity never costs more per unit. The
 * check against the product's own price needs the price, so it is `priceBreaksProblem`'s job.
 */
export const priceBreaksSchema = z
  .array(priceBreakSchema)
  .max(10, { error: 'at most 10 price breaks' })
  .superRefine((breaks, ctx) => {
    const sorted = [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.minQuantity === sorted[i - 1]!.minQuantity)
        ctx.addIssue({
          code: 'custom',
          message: `minimum quantity ${sorted[i]!.minQuantity} is given twice`,
        });
      else if (sorted[i]!.price > sorted[i - 1]!.price)
        ctx.addIssue({
          code: 'custom',
          message: `the price from ${sorted[i]!.minQuantity} units must not be above the price from ${sorted[i - 1]!.minQuantity}`,
        });
    }
  });

/** Why these breaks don't fit the product's own price (a break must lower it), or null. */
export function priceBreaksProblem(basePrice: number, breaks: readonly PriceBreak[]): string | null {
  const above = breaks.find((b) => b.price >= basePrice);
  return above ? `the price from ${above.minQuantity} units must be below the product price` : null;
}

/** API dollars → the cents the server stores, sorted by minimum quantity. */
export const breaksToCents = (breaks: readonly PriceBreak[]): PriceBreakCents[] =>
  [...breaks]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((b) => ({ minQuantity: b.minQuantity, unitPriceCents: dollarsToCents(b.price) }));

export const breaksToDollars = (breaks: readonly PriceBreakCents[]): PriceBreak[] =>
  breaks.map((b) => ({ minQuantity: b.minQuantity, price: centsToDollars(b.unitPriceCents) }));

/**
 * What the buyer saves and where it comes from, as the server's pricing counted it: "you save $24.00: $12.00 quantity
 * price, $12.00 contract price", one source named alone, empty when nothing is saved. Words only: the cents are the
 * server's.
 */
export function savingsWords({
  quantityCents,
  contractCents,
}: {
  quantityCents: number;
  contractCents: number;
}) {
  const total = quantityCents + contractCents;
  if (total <= 0) return '';
  if (contractCents <= 0) return `you save ${formatCents(total)} with the quantity price`;
  if (quantityCents <= 0) return `you save ${formatCents(total)} with your contract price`;
  return `you save ${formatCents(total)}: ${formatCents(quantityCents)} quantity price, ${formatCents(contractCents)} contract price`;
}
