/**
 * A priced line as stored (an order row, an invoice line): what `priceSale` gave it, read back without pricing it
 * again. Goods are quantity × the stored unit price; the total adds the stored shares of shipping and tax.
 */
export interface StoredLine {
  quantity: number;
  unitPriceCents: number;
}

export const storedGoodsCents = (l: StoredLine) => l.quantity * l.unitPriceCents;

export const storedTotalCents = (l: StoredLine & { shippingCents: number; taxCents: number }) =>
  storedGoodsCents(l) + l.shippingCents + l.taxCents;
