import { z } from 'zod';
import type { Product, ProductPricingFields } from '@shared/catalogue/catalogue.schema';
import type { ProductShipping } from '@shared/catalogue/product-shipping';
import { breaksToCents, firstOrderableQuantity, unitPriceCentsAt } from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import { orderCreateSchema, quantityProblem, totalProblem } from '@shared/orders/orders.schema';
import { dollarsToCents } from '@shared/common/money';

/** A product as the order modal needs it; pack size and breaks are absent where the API does not send them. */
export type OrderableProduct = Product &
  Partial<ProductPricingFields> &
  Partial<Pick<ProductShipping, 'backorderable' | 'leadTimeDays'>> & { contractPrice?: number | null };

/** The product's lead time when more than its stock may be ordered (decision 037), else null. */
export const backorderLeadTime = (p: Pick<OrderableProduct, 'backorderable' | 'leadTimeDays'>) =>
  p.backorderable && p.leadTimeDays !== null && p.leadTimeDays !== undefined ? p.leadTimeDays : null;

/**
 * The unit price (cents) reached at each quantity: the product's price, lowered by its quantity breaks, or the
 * member's contract price when lower (the server's rule, decision 039). It keeps the total in step with typing and
 * refuses a total over the cap before sending; what the order saves, and why, is the server's answer.
 */
export const unitPricing = (product: OrderableProduct) => {
  const base = dollarsToCents(product.price);
  const breaks = breaksToCents(product.priceBreaks ?? []);
  const contract = product.contractPrice == null ? null : dollarsToCents(product.contractPrice);
  return { base, unitCentsAt: (quantity: number) => unitPriceCentsAt(quantity, base, breaks, contract) };
};

/** Order rules: the shared schema's number and address, and the quantity checked against this product. */
export const orderFormSchema = (product: OrderableProduct) =>
  z.object({
    quantity: z
      .number({ error: messages.quantityRequired })
      .int({ error: 'Quantity must be a whole number' })
      .superRefine((quantity, ctx) => {
        const problem =
          quantityProblem(quantity, {
            ...product,
            quantity: backorderLeadTime(product) === null ? product.quantity : Number.MAX_SAFE_INTEGER,
          }) ??
          (quantity <= 0
            ? messages.quantityRequired
            : totalProblem(quantity, unitPricing(product).unitCentsAt(quantity)));
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    number: orderCreateSchema.shape.number,
    address: orderCreateSchema.shape.address,
    // Added to the spec's form: how it ships, once the address names a state and ZIP (decision 037).
    shippingOption: z.string().nullable(),
    liftgate: z.boolean(),
    residential: z.boolean(),
  });
export const orderFormFields = ['quantity', 'number', 'address', 'shippingOption'] as const;

/** Whether the product has enough stock for its minimum order, counted in whole packs (as the server counts it). */
export const canOrder = (
  product: Pick<OrderableProduct, 'quantity' | 'minOrder' | 'packSize' | 'backorderable' | 'leadTimeDays'>,
) =>
  backorderLeadTime(product) !== null ||
  (product.quantity > 0 &&
    product.quantity >=
      firstOrderableQuantity({ minOrder: product.minOrder, packSize: product.packSize ?? 1 }));
