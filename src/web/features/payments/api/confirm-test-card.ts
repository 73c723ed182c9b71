import type { TestCardConfirm } from '@shared/payments/payments.schema';
import { api } from '@/lib/api-client';

export interface TestCardConfirmed {
  status: 'succeeded';
  transactionId: string;
}

/**
 * POST /api/payments/test/confirm: the built-in test processor's card confirmation. 402 with the provider's words
 * when the card is declined, 400 naming the field ("cardNumber: …") for an invalid number or a past expiry.
 */
export const confirmTestCard = (input: TestCardConfirm) =>
  api<TestCardConfirmed>('/payments/test/confirm', { method: 'POST', body: JSON.stringify(input) });
