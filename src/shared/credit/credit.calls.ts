import { endpoints } from '../common/contract';
import type { CreditSchemas } from './credit.contract';

/** Method and path of the account calls (docs/decisions/041-paying-on-account.md). No zod: the browser imports this. */
export const creditCalls = endpoints<CreditSchemas>()({
  /** Shop admin: grant or change a company's terms and credit limit. */
  setTerms: { method: 'PUT', path: '/companies/{id}/terms' },
  /** Shop admin: withdraw the terms (open invoices stay owed). */
  removeTerms: { method: 'DELETE', path: '/companies/{id}/terms' },
  /** Terms, open and overdue totals, available credit and credit hold (company admins, buyers, shop admins). */
  account: { method: 'GET', path: '/companies/{id}/account' },
  /** The company's account invoices: open, overdue or paid, newest first, paged. */
  statement: { method: 'GET', path: '/companies/{id}/account/invoices' },
  /** Start one card payment of one or several open invoices (an amount per invoice). */
  startCardPayment: { method: 'POST', path: '/companies/{id}/account/card-payments' },
  /** Record the card payment once the provider confirms its intent. */
  confirmCardPayment: { method: 'PUT', path: '/companies/{id}/account/card-payments/{paymentId}' },
  /** Shop admin: a bank transfer received against one or several invoices. */
  bankTransfer: { method: 'POST', path: '/companies/{id}/account/bank-transfers' },
  /** Whether the caller may pay this checkout on account now, and why not. */
  accountOption: { method: 'GET', path: '/checkout/{id}/account' },
  /** Pay an unpaid checkout on account: its lines paid, its invoice issued with a due date. */
  payOnAccount: { method: 'POST', path: '/checkout/{id}/account' },
});
