import { sql } from 'drizzle-orm';
import { destinationOfText } from '@shared/common/us-address';
import { addresses } from '../../db/schema';
import { fieldError } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';
import { priceSaleIn, type Destination, type PricedSale, type SaleProviders } from '../pricing/index';

/**
 * Where a sale goes and what a placed sale stores of its delivery (docs/decisions/037-shipping-and-tax.md). The money
 * itself is `priceSale`'s (docs/decisions/052-one-pricing-function.md): every total the shop shows, charges,
 * invoices or refunds is goods + the shares it gives each line, summed over lines.
 */

/**
 * The shipping and tax providers a sale is priced with (`orderDeps` chooses them), the certificates it inherits
 * after the buyer's own (a company location's: checkout.location.ts), and the shop's home.
 */
export interface DeliveryProviders extends SaleProviders {
  /** The shop's own state and ZIP: where a spec order without a readable address is taxed and rated from. */
  home: { state: string; zip: string };
}

export interface GoodsLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
}

export type { Destination };

/** What a placed order or checkout stores: the delivery columns and each line's shipping and tax share. */
export interface PricedDelivery {
  columns: {
    shipStreet: string | null;
    shipCity: string | null;
    shipState: string;
    shipZip: string;
    shippingMethodId: string | null;
    shippingMethodName: string | null;
    shippingKind: string | null;
    liftgate: boolean;
    residential: boolean;
    pickupLocationId: string | null;
    deliveryMinDays: number | null;
    deliveryMaxDays: number | null;
    taxRatePpm: number;
    taxExemptionNumber: string | null;
  };
  shippingCents: number[];
  taxCents: number[];
}

/** A structured address as validated by the calls (usAddressSchema). */
type ShipTo = { street: string; city: string; state: string; zip: string };

/** What the buyer chose, as the order and checkout calls carry it (deliveryChoiceSchema). */
export interface DeliveryChoice {
  shipTo?: ShipTo;
  shippingOption?: string;
  liftgate?: boolean;
  residential?: boolean;
}

/** Where the sale goes: the structured address, else a state and ZIP read from the text, else the shop's own. */
export function destinationOf(p: DeliveryProviders, shipTo: ShipTo | undefined, text: string): Destination {
  if (shipTo) return { state: shipTo.state, zip: shipTo.zip, from: 'address' };
  const read = destinationOfText(text);
  if (read) return { ...read, from: 'text' };
  return { ...p.home, from: 'shop' };
}

/** The delivery columns a placed sale stores, from the sale as `priceSale` priced it. */
export function deliveryColumns(sale: PricedSale, shipTo: ShipTo | undefined): PricedDelivery['columns'] {
  const option = sale.chosen;
  return {
    shipStreet: shipTo?.street ?? null,
    shipCity: shipTo?.city ?? null,
    shipState: sale.destination!.state,
    shipZip: sale.destination!.zip,
    shippingMethodId: option?.methodId ?? null,
    shippingMethodName: option?.name ?? null,
    shippingKind: option?.kind ?? null,
    liftgate: option?.liftgate ?? false,
    residential: option?.residential ?? false,
    pickupLocationId: option?.pickupLocation?.id ?? null,
    deliveryMinDays: option?.minDays ?? null,
    deliveryMaxDays: option?.maxDays ?? null,
    taxRatePpm: sale.taxRatePpm,
    taxExemptionNumber: sale.exemptionNumber,
  };
}

/**
 * The buyer's choice priced for good, by `priceSale` at the goods' prices as given: the option named (400 on
 * `shippingOption` when this cart cannot ship that way), or without one the documented fallback — the cheapest
 * option that delivers (never pickup unasked), or no shipping charge when the shop has none that can.
 */
export async function priceDelivery(
  db: Db | Tx,
  p: DeliveryProviders,
  userId: string,
  lines: GoodsLine[],
  choice: DeliveryChoice & { addressText: string; noCharge?: boolean },
): Promise<PricedDelivery> {
  const { sale } = await priceSaleIn(
    db,
    userId,
    {
      lines,
      destination: destinationOf(p, choice.shipTo, choice.addressText),
      liftgate: choice.liftgate ?? false,
      residential: choice.residential ?? false,
      choose: { optionId: choice.shippingOption },
      ...(choice.noCharge && { noCharge: true }),
    },
    p,
  );
  if (sale.choiceProblem)
    throw fieldError(sale.choiceProblem.code, 'shippingOption', sale.choiceProblem.message);
  return {
    columns: deliveryColumns(sale, choice.shipTo),
    shippingCents: sale.lines.map((l) => l.shippingCents),
    taxCents: sale.lines.map((l) => l.taxCents),
  };
}

/** Remembers a structured address on the customer's profile (most recently used first when offered again). */
export async function rememberAddress(tx: Tx, userId: string, a: ShipTo): Promise<void> {
  await tx
    .insert(addresses)
    .values({ userId, street: a.street, city: a.city, state: a.state, zip: a.zip })
    .onConflictDoUpdate({
      target: [addresses.userId, addresses.street, addresses.city, addresses.state, addresses.zip],
      set: { usedAt: sql`now()` },
    });
}

/** The address text an order stores when the buyer gave a structured address but no free text. */
export const addressTextOf = (text: string | undefined, shipTo: ShipTo | undefined) =>
  text?.trim() ? text : shipTo ? `${shipTo.street}, ${shipTo.city}, ${shipTo.state} ${shipTo.zip}` : '';
