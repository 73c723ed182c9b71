import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/invoices';
import type { InvoiceSnapshot } from './invoices.model';
import { renderInvoicePdf } from './invoices.pdf';

const shop = {
  name: 'Toolhouse',
  address: '100 Foundry Road, Springfield',
  email: 'sales@toolhouse.example',
  phone: '+1 555 0199',
  taxId: 'VAT GB 123 4567 89',
};
const line = (i: number) => ({
  orderId: `order-${i}`,
  description: `Cut-off wheels 125 mm, pack ${i}`,
  quantity: 10,
  unitPriceCents: 1_120,
  totalCents: 11_200,
});

/** An invoice for a checkout of `lines` lines, bought by a company with a PO number. */
const checkoutInvoice = (lines: number): InvoiceSnapshot => ({
  kind: 'invoice',
  number: 'INV-2026-000123',
  issuedAt: '2026-03-04T10:00:00.000Z',
  currency: 'USD',
  shop,
  buyer: {
    name: 'Дмитрий Ковальчук',
    email: 'buyer@example.com',
    company: 'Żółw Engineering Sp. z o.o.',
    poNumber: 'PO-4711/B',
    address: 'ul. Długa 7, 80-827 Gdańsk',
    phone: '+48 500 100 200',
  },
  lines: Array.from({ length: lines }, (_, i) => line(i + 1)),
  totalCents: lines * 11_200,
  transactionId: 'pi_test_1',
  refundId: null,
  refersTo: null,
});

describe('invoice PDFs', () => {
  it('print a checkout with its company, PO number and every line, the text extractable as written', async () => {
    const text = await pdfText(await renderInvoicePdf(checkoutInvoice(3)));
    for (const expected of [
      'INV-2026-000123',
      'Date: March 4, 2026',
      'VAT GB 123 4567 89',
      'Дмитрий Ковальчук',
      'Żółw Engineering Sp. z o.o.',
      'PO number: PO-4711/B',
      'Cut-off wheels 125 mm, pack 1',
      'Cut-off wheels 125 mm, pack 3',
      '$11.20',
      '$336.00',
      'Transaction: pi_test_1',
    ])
      expect(text).toContain(expected);
  });

  it('continue on further pages when the lines do not fit on one', async () => {
    const text = await pdfText(await renderInvoicePdf(checkoutInvoice(60)));
    expect(text).toContain('pack 60');
    expect(text).toContain('$6,720.00');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(await renderInvoicePdf(checkoutInvoice(60))) })
      .promise;
    expect(pdf.numPages).toBeGreaterThan(1);
  });
});
