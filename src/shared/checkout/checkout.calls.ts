import { endpoints } from '../common/contract';
import type { CheckoutSchemas } from './checkout.contract';

/** Method and path of the checkout's calls. No zod here: the browser imports this (see common/contract.ts). */
export const checkoutCalls = endpoints<CheckoutSchemas>()({
  /** Checks out the caller's whole cart (201); a 409 names every line at fault. */
  create: { method: 'POST', path: '/checkout/{email}' },
  checkout: { method: 'GET', path: '/checkout/{id}' },
  invoices: { method: 'GET', path: '/checkout/{id}/invoices' },
  /** Marks every line paid once the provider confirms the one payment (idempotent). */
  pay: { method: 'PUT', path: '/checkout/{id}' },
  /** Admin: refunds every paid, undelivered line (cancelled), some units of its lines, or an amount. */
  refund: { method: 'POST', path: '/checkout/{id}/refund' },
  cancel: { method: 'DELETE', path: '/checkout/{id}' },
  /** The ways the caller's cart (or one product line) ships to a ZIP, each with its tax and total. */
  rates: { method: 'POST', path: '/shipping-rates/{email}' },
  /** The caller's saved delivery addresses, most recently used first. */
  addresses: { method: 'GET', path: '/addresses/{email}' },
});
