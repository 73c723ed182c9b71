import type { Quote } from '@shared/quotes/quotes.schema';
import { centsToDollars } from '@shared/common/money';
import { quoteLineCents } from '@/test/money-fixtures';

/** Test data for the quotes' components. */
export const hoseId = '0b9c4f0e-8a51-4a7e-9d0c-0000000000a1';
export const drillId = '0b9c4f0e-8a51-4a7e-9d0c-0000000000a2';

let n = 0;
export function makeQuote(fields: Partial<Quote> = {}): Quote {
  n += 1;
  return {
    _id: `9a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: 'Ann Buyer',
    email: 'ann@example.com',
    status: 'requested',
    note: null,
    wantedBy: null,
    validUntil: null,
    declineReason: null,
    total: null,
    totalCents: null,
    checkoutId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    answeredAt: null,
    decidedAt: null,
    lines: [
      quoteLineCents({
        productId: hoseId,
        productName: 'Air Hose 10 m',
        quantity: 200,
        listPrice: 12.5,
        unitPrice: null,
      }),
      quoteLineCents({
        productId: drillId,
        productName: '18V Drill',
        quantity: 20,
        listPrice: 99,
        unitPrice: null,
      }),
    ],
    ...fields,
  };
}

/** The same quote answered at these unit prices (same order as its lines). */
export const quoted = (quote: Quote, prices: number[], validUntil = '2099-12-31'): Quote => {
  const lines = quote.lines.map((l, i) => quoteLineCents({ ...l, unitPrice: prices[i]! }));
  const totalCents = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents!, 0);
  return {
    ...quote,
    status: 'quoted',
    validUntil,
    lines,
    total: centsToDollars(totalCents),
    totalCents,
    answeredAt: '2026-11-21T10:00:00.000Z',
  };
};
