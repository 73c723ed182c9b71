import type { CheckoutCreate } from '@shared/checkout/checkout.schema';
import type { Tx } from '../../infra/db';
import type { OrderRow } from '../orders/index';
import type { CheckoutRow } from './checkout.model';

/**
 * Where a sale came from. Each enters the same pipeline; the source only picks how a refusal is worded (Order Now
 * keeps the spec's single-order messages and fields, the cart, a quote and a punchout purchase order name every line
 * at fault) and whether a company buyer over a limit waits for an approver (cart, quote, punchout) or is sent to the
 * cart (Order Now). A punchout order is priced like a quote (the transferred unit prices) but is recorded as its own.
 * A warranty `replacement` is the shop's own sale to the buyer at no charge: no limits or approval, no "please pay"
 * mail, and it is settled without a payment in its own transaction (checkout.replacement.ts).
 */
export type SaleSource = 'order_now' | 'cart' | 'quote' | 'punchout' | 'replacement';

/** One line of a sale: priced from the catalogue, unless a quote fixed its unit price (and lead time). */
export interface SaleLine {
  productId: string;
  quantity: number;
  unitPriceCents?: number | undefined;
  /** The quote's lead time for units above the stock: they go on backorder instead of refusing the line. */
  leadTimeDays?: number | null | undefined;
}

/** The buyer's phone, address text and delivery choice, as the checkout call takes them. */
export type SaleDelivery = CheckoutCreate & { number: string; address: string };

export interface Sale {
  source: SaleSource;
  delivery: SaleDelivery;
}

/** What a placed sale wrote: its checkout row and its lines in product-id order. */
export interface PlacedSale {
  co: CheckoutRow;
  lines: OrderRow[];
  /** What the sale saved against the list price, by source: quantity breaks and contract prices (priceSale's). */
  savings: { quantityCents: number; contractCents: number };
}

/**
 * How an entry point frames the pipeline: the lines it sells (read in the sale's transaction) and what it does once
 * the sale is written (before the stock is taken when no line may go on backorder: a refusal then rolls it back).
 */
export interface SaleFrame {
  lines(tx: Tx): Promise<SaleLine[]>;
  done?(tx: Tx, placed: PlacedSale): Promise<void>;
}
