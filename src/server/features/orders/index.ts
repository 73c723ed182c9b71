/**
 * The orders feature's public face: the spec's single orders as other features call them (payments charges them,
 * reviews and the overview read them), and the order lines' machinery that checkout builds on — the deps, holds,
 * stock, metrics, mail and the payable's one payment and close path (orders.payable.ts); checkout refunds line by
 * as one sale through refundSale (the one refund path). Rows and internals stay behind it.
 */
export {
  getPayableOrder,
  markOrderPaid,
  payOrder,
  recordPaymentIntent,
  reviewOrder,
  orderStats,
  type PaymentConfirmation,
} from './orders.service';
export { sweepIntervalMs } from './orders.jobs';
export {
  checkoutOfLine,
  deliveryView,
  goodsCents,
  refundedCentsOf,
  toOrder,
  totalCents,
  type OrderDeps,
  type OrderMailDeps,
  type OrderRow,
} from './orders.model';
export {
  asLine,
  deliveryOf,
  keepDelivery,
  linesWithDelivery,
  selectLines,
  type LineDelivery,
  type OrderLine,
} from './orders.line-delivery';
export {
  addressTextOf,
  deliveryColumns,
  destinationOf,
  priceDelivery,
  rememberAddress,
  type GoodsLine,
} from './orders.delivery';
export {
  assertWithinLimits,
  holdCheckoutUntil,
  holdEndedSql,
  holdEndsAt,
  holdLastsSql,
  isPastWindow,
  lockCustomer,
} from './orders.holds';
export {
  releaseStock,
  reserveOrBackorder,
  reserveSale,
  reserveStock,
  reserveStockOfOrders,
} from './orders.stock';
export { countOrderPlaced } from './orders.metrics';
export { attached, backordered, queueMail, sendOrderMail, type MailedDocument } from './orders.mail';
export { closeUnpaid, markPaidIn, pay, type Payable, type PayablePayment } from './orders.payable';
export { refundPaidOrder } from './orders.admin-refund';
export { refundSale, type SaleRefundRequest } from './orders.sale-refund';
export { defineProviderRefundJob, type RefundTarget } from './orders.refunds';
export { invoiceLines } from './orders.invoicing';
export { orderNumbersOf, orderNumbersOfCheckouts } from './orders.numbers';
export { announceOrders } from './orders.webhooks';
export {
  addShipped,
  ageCheckoutLines,
  backorderWhole,
  clearBackorder,
  insertOrderLines,
  type NewOrderLine,
} from './orders.writes';
