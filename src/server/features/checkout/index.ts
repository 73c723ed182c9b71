/**
 * Checkout's public face: what the app registers, what payments charges and confirms, and the priced checkout an
 * accepted quote becomes (with its shipping rates). Everything else in this folder is checkout's own.
 */
export { approvalsRoutes } from './approvals.routes';
// The one check every way of paying a checkout makes: awaiting approval or rejected cannot be paid (decision 040).
export { assertCheckoutPayable } from './checkout.model';
export { settleCheckoutsWithIntents } from './checkout.close';
export { ratesOfLines } from './checkout.rates';
export { checkoutPayable, dueDateAfter, type OnAccount } from './checkout.payment';
export {
  createCheckout,
  createPricedCheckout,
  getCheckout,
  getPayableCheckout,
  payCheckout,
  recordCheckoutIntent,
  type CheckoutPaymentConfirmation,
  type PayableCheckout,
  type PricedLine,
} from './checkout.service';
export { placeReplacement, type ReplacementLine } from './checkout.replacement';
export type { SaleDelivery } from './place.types';
