/**
 * The orders feature's public face: the spec's single orders as other features call them (payments charges them,
 * reviews and the overview read them), and the order lines' machinery that checkout builds on — the deps, holds,
 * stock, metrics and the payment, close and refund path. Rows and internals stay behind it.
 */
export {
  getPayableOrder,
  markOrderPaid,
  payOrder,
  recordPaymentIntent,
  reviewOrder,
  orderStats,
  type PayableOrder,
  type PaymentConfirmation,
  type ReviewedOrder,
} from './orders.service';
export {
  orderDeps,
  toOrder,
  totalCents,
  type OrderDeps,
  type OrderMailDeps,
  type OrderRow,
} from './orders.model';
export { assertWithinLimits, isPastWindow, lockCustomer } from './orders.holds';
export { releaseStock, reserveStock } from './orders.stock';
export { countOrderPaid, countOrderPlaced } from './orders.metrics';
export type { MailedDocument } from './orders.mail';
export type { PaymentOutcome } from './orders.payment';
export { refundMessage, requestRefund, trySettleRefund } from './orders.refunds';
export { refundPaidOrder } from './orders.admin-refund';
