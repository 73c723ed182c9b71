// Paying on account's public face (docs/decisions/041-paying-on-account.md): the app registers the feature; payments
// confirms the card payments of account invoices (the test card form, the Stripe webhook).
export { accountPaymentPayable, applyCardPayment, verifyAccountIntent } from './credit.payments';
export type { CreditDeps } from './credit.model';
export { sendAccountReminders } from './credit.reminders';
export { settleAccountPayments } from './credit.settlement';
// Punchout purchase orders are billed on the company's terms through the same path (decision 063).
export { payOnAccount } from './credit.pay';
