import type { Product } from '@shared/catalogue/catalogue.schema';
import type { Order } from '@shared/orders/orders.schema';
import { http, HttpResponse } from 'msw';
import { dollarsToCents } from '@shared/common/money';

/** Test data for the ordering, payment and review pages. */
export const customer = { name: 'Ann Buyer', email: 'ann@example.com' };

export const session = {
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: { id: 'u1', ...customer, emailVerified: true, image: null, role: 'user' },
};

export const productId = '0b9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c6d';

export const product: Product = {
  _id: productId,
  name: 'Air Compressor 50L',
  img: '/media/compressor.webp',
  price: 249.5,
  quantity: 40,
  minOrder: 5,
  desc: 'A quiet 50 litre compressor for the workshop.',
};

/** The delivery fields of an order or checkout that ships nothing and pays no tax (a shop without rates). */
export const noDelivery = {
  shipping: 0,
  tax: 0,
  shippingMethod: null,
  shippingKind: null,
  liftgate: false,
  residential: false,
  deliveryMinDays: null,
  deliveryMaxDays: null,
  shipTo: null,
  taxExemptionNumber: null,
} as const;

type CentsTwins = 'totalCents' | 'subtotalCents' | 'shippingCents' | 'taxCents' | 'refundAmountCents';

let n = 0;
/**
 * An order with the defaults of a new, unpaid order, overridden by `fields`. The cents fields follow the dollar ones
 * unless given, as the server writes both from the same cents.
 */
export function makeOrder(fields: Partial<Order> = {}): Order {
  n += 1;
  const order: Omit<Order, CentsTwins> & Partial<Order> = {
    _id: `7f3e2d1c-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderNumber: 1000 + n,
    name: customer.name,
    email: customer.email,
    productId,
    productName: product.name,
    price: product.price,
    quantity: 5,
    total: 1247.5,
    // Goods only unless a test charges delivery: a line given a total of its own has that as its goods too.
    subtotal: fields.total ?? 1247.5,
    ...noDelivery,
    number: '+1 555 0100',
    address: '1 Main Street, Springfield',
    paymentStatus: false,
    orderStatus: 'Pending',
    checkoutId: null,
    review: false,
    reviewed: false,
    phone: null,
    transactionId: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    paidAt: null,
    deliveredAt: null,
    expiresAt: null,
    refundStatus: null,
    refundAmount: null,
    refundId: null,
    refundedAt: null,
    ...fields,
  };
  return {
    ...order,
    totalCents: order.totalCents ?? dollarsToCents(order.total),
    subtotalCents: order.subtotalCents ?? dollarsToCents(order.subtotal),
    shippingCents: order.shippingCents ?? dollarsToCents(order.shipping),
    taxCents: order.taxCents ?? dollarsToCents(order.tax),
    refundAmountCents:
      order.refundAmountCents ?? (order.refundAmount === null ? null : dollarsToCents(order.refundAmount)),
  };
}

/** GET /api/addresses/{email}: the customer's saved delivery addresses (none unless a test gives some). */
export const savedAddressesHandler = (
  addresses: { _id: string; street: string; city: string; state: string; zip: string }[] = [],
) => http.get('/api/addresses/:email', () => HttpResponse.json(addresses));

/** What the server's price of one line says at a quantity: its unit price and its savings by source, in cents. */
export interface LinePriceFigures {
  unitPriceCents: number;
  quantitySavingCents?: number;
  contractSavingCents?: number;
}

/**
 * POST /api/cart/{email}/price (the Order Now form's preview): the line at `figures(quantity)`, by default the
 * product's price with nothing saved. The figures are the test's own, so a dialog that showed figures of its own
 * making would show something else.
 */
export const linePriceHandler = (
  figures: (quantity: number) => LinePriceFigures = () => ({ unitPriceCents: dollarsToCents(product.price) }),
) =>
  http.post('/api/cart/:email/price', async ({ request }) => {
    const { productId: id, quantity } = (await request.json()) as { productId: string; quantity: number };
    const { unitPriceCents, quantitySavingCents = 0, contractSavingCents = 0 } = figures(quantity);
    const savingCents = quantitySavingCents + contractSavingCents;
    const basePriceCents = unitPriceCents + Math.round(savingCents / quantity);
    return HttpResponse.json({
      productId: id,
      sku: 'SKU-1',
      name: product.name,
      img: product.img,
      quantity,
      stock: product.quantity,
      minOrder: product.minOrder,
      packSize: 1,
      basePrice: basePriceCents / 100,
      unitPrice: unitPriceCents / 100,
      lineTotal: (quantity * unitPriceCents) / 100,
      saving: savingCents / 100,
      basePriceCents,
      unitPriceCents,
      lineTotalCents: quantity * unitPriceCents,
      savingCents,
      quantitySavingCents,
      contractSavingCents,
      problem: null,
    });
  });
