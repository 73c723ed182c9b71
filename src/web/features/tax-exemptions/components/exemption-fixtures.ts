import type { TaxExemption } from '@shared/tax/tax-exemptions.schema';

const id = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A pending certificate of the test session's customer; `over` changes what a test needs. */
export function makeExemption(over: Partial<TaxExemption> = {}, n = 1): TaxExemption {
  return {
    _id: id(n),
    email: 'ann@example.com',
    name: 'Ann Buyer',
    number: `RC-${1000 + n}`,
    states: ['TX', 'CA'],
    expiresOn: '2099-12-31',
    fileName: 'resale.pdf',
    fileUrl: `/api/tax-exemptions/${id(n)}/file`,
    status: 'pending',
    reason: null,
    decidedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}
