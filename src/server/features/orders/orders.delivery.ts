import { sql } from 'drizzle-orm';
import { destinationOfText } from '@shared/common/us-address';
import { shippingNeedsQuote } from '@shared/orders/delivery.schema';
import { addresses } from '../../db/schema';
import { shippingProfiles } from '../catalogue/index';
import { fieldError } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';
import { allocate, type ShipItem, type ShippingOption, type ShippingProvider } from '../shipping/index';
import { activeExemption, type TaxProvider } from '../tax/index';

/**
 * The whole price of a sale beyond its goods: which ways it can ship to where, what each costs with its tax, and
 * the shares of shipping and tax each line carries (docs/decisions/037-shipping-and-tax.md). Every total the shop
 * shows, charges, invoices or refunds is goods + these shares, summed over lines.
 */

export interface DeliveryProviders {
  shipping: ShippingProvider;
  tax: TaxProvider;
  /** The shop's own state and ZIP: where a spec order without a readable address is taxed and rated from. */
  home: { state: string; zip: string };
}

export interface GoodsLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
}

export interface Destination {
  state: string;
  zip: string;
  /** Where it came from: the structured address, the free text, or the shop's own (the documented fallback). */
  from: 'address' | 'text' | 'shop';
}

/** A shipping option as the buyer sees it: its cost, the tax with it and the sale's total, in cents. */
export interface PricedOption extends ShippingOption {
  taxCents: number;
  totalCents: number;
}

export interface DeliveryQuote {
  destination: Destination;
  subtotalCents: number;
  exemptionNumber: string | null;
  /** Goods-only tax when nothing ships yet (the estimate's tax line before a method is chosen). */
  options: PricedOption[];
  /** Why delivery is not offered (a product without a shipping weight needs a quote), else null. */
  notice: string | null;
}

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

const today = () => new Date().toISOString().slice(0, 10);

/**
 * How each line ships: one unit's weight (its shipping weight, else its weight spec) and class, and the names of
 * the products whose weight is unknown (decision 046: never rated as weighing nothing).
 */
async function shipItems(
  db: Db | Tx,
  lines: GoodsLine[],
): Promise<{ items: ShipItem[]; unweighed: string[] }> {
  const profiles = await shippingProfiles(
    db,
    lines.map((l) => l.productId),
  );
  const unweighed = new Set<string>();
  const items = lines.map((l) => {
    const p = profiles.get(l.productId);
    if (p && p.unitWeightGrams === null) unweighed.add(p.name);
    return {
      quantity: l.quantity,
      unitWeightGrams: p?.unitWeightGrams ?? 0,
      shipsAs: p?.shipsAs ?? 'parcel',
      freightClass: p?.freightClass ?? null,
    };
  });
  return { items, unweighed: [...unweighed] };
}

/** Where the sale goes: the structured address, else a state and ZIP read from the text, else the shop's own. */
export function destinationOf(p: DeliveryProviders, shipTo: ShipTo | undefined, text: string): Destination {
  if (shipTo) return { state: shipTo.state, zip: shipTo.zip, from: 'address' };
  const read = destinationOfText(text);
  if (read) return { ...read, from: 'text' };
  return { ...p.home, from: 'shop' };
}

const goodsOf = (l: GoodsLine) => l.quantity * l.unitPriceCents;

/** Every way the lines can ship to the destination, each with its tax and the sale's total. */
export async function quoteDelivery(
  db: Db | Tx,
  p: DeliveryProviders,
  userId: string,
  lines: GoodsLine[],
  destination: Destination,
  extras: { liftgate: boolean; residential: boolean },
): Promise<DeliveryQuote> {
  const { goods, subtotalCents, options, notice } = await shippingOptions(db, p, lines, destination, extras);
  const exemptions = new Map<string, string | null>();
  const exemptionIn = async (state: string) => {
    if (!exemptions.has(state)) exemptions.set(state, await activeExemption(db, userId, state, today()));
    return exemptions.get(state)!;
  };
  const priced: PricedOption[] = [];
  for (const o of options) {
    const taxedAt = o.pickupLocation ?? destination;
    const { tax } = await taxOn(db, p, goods, o.cents, taxedAt, await exemptionIn(taxedAt.state));
    priced.push({ ...o, taxCents: tax.totalCents, totalCents: subtotalCents + o.cents + tax.totalCents });
  }
  return {
    destination,
    subtotalCents,
    exemptionNumber: await exemptionIn(destination.state),
    options: priced,
    notice,
  };
}

/**
 * The ways the lines can ship, unpriced by tax (what both the quote and the placed sale start from). With a product
 * of unknown weight only pickup is offered: any other price would be the price of a lighter shipment. `notice`
 * says so when the shop would otherwise deliver there.
 */
async function shippingOptions(
  db: Db | Tx,
  p: DeliveryProviders,
  lines: GoodsLine[],
  destination: Destination,
  extras: { liftgate: boolean; residential: boolean },
) {
  const goods = lines.map(goodsOf);
  const subtotalCents = goods.reduce((a, b) => a + b, 0);
  const { items, unweighed } = await shipItems(db, lines);
  const all = await p.shipping.options({ items, destination, subtotalCents, ...extras }, db);
  if (unweighed.length === 0) return { goods, subtotalCents, options: all, notice: null };
  const options = all.filter((o) => o.kind === 'pickup');
  const notice = options.length < all.length ? shippingNeedsQuote(unweighed) : null;
  return { goods, subtotalCents, options, notice };
}

/** Shipping shared over the goods (by value), and the tax on both, sold at `taxedAt`. */
async function taxOn(
  db: Db | Tx,
  p: DeliveryProviders,
  goods: number[],
  shippingCents: number,
  taxedAt: { state: string; zip: string },
  exemptionNumber: string | null,
) {
  const shares = allocate(shippingCents, goods);
  const tax = await p.tax.tax(
    {
      destination: { state: taxedAt.state, zip: taxedAt.zip },
      lines: goods.map((g, i) => ({ goodsCents: g, shippingCents: shares[i]! })),
      exemptionNumber,
    },
    db,
  );
  return { shares, tax };
}

/**
 * The buyer's choice priced for good: the option named (400 on `shippingOption` when this cart cannot ship that
 * way), or without one the documented fallback — the cheapest option that delivers (never pickup unasked), or no
 * shipping charge when the shop has none that can.
 */
export async function priceDelivery(
  db: Db | Tx,
  p: DeliveryProviders,
  userId: string,
  lines: GoodsLine[],
  choice: DeliveryChoice & { addressText: string },
): Promise<PricedDelivery> {
  const destination = destinationOf(p, choice.shipTo, choice.addressText);
  const extras = { liftgate: choice.liftgate ?? false, residential: choice.residential ?? false };
  // Shipping options only: the tax is worked out once, for the option taken (quoteDelivery taxes every option).
  const { goods, options, notice } = await shippingOptions(db, p, lines, destination, extras);
  let option: ShippingOption | undefined;
  if (choice.shippingOption) {
    option = options.find((o) => o.optionId === choice.shippingOption);
    if (!option)
      throw fieldError(
        'bad_request',
        'shippingOption',
        notice ?? 'is not a way this order can ship to this address',
      );
  } else {
    // Delivered free because its weight is unknown would be the same mistake as priced at no weight.
    if (notice) throw fieldError('conflict', 'shippingOption', notice);
    option = options.filter((o) => o.kind !== 'pickup').sort((a, b) => a.cents - b.cents)[0];
  }
  const taxedAt = option?.pickupLocation ?? destination;
  const exemption = await activeExemption(db, userId, taxedAt.state, today());
  const { shares, tax } = await taxOn(db, p, goods, option?.cents ?? 0, taxedAt, exemption);
  return {
    columns: {
      shipStreet: choice.shipTo?.street ?? null,
      shipCity: choice.shipTo?.city ?? null,
      shipState: destination.state,
      shipZip: destination.zip,
      shippingMethodId: option?.methodId ?? null,
      shippingMethodName: option?.name ?? null,
      shippingKind: option?.kind ?? null,
      liftgate: option?.liftgate ?? false,
      residential: option?.residential ?? false,
      pickupLocationId: option?.pickupLocation?.id ?? null,
      deliveryMinDays: option?.minDays ?? null,
      deliveryMaxDays: option?.maxDays ?? null,
      taxRatePpm: tax.ratePpm,
      taxExemptionNumber: tax.exemptionNumber,
    },
    shippingCents: shares,
    taxCents: tax.lineCents,
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
