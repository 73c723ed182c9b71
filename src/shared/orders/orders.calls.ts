import { endpoints } from '../common/contract';
import type { OrdersSchemas } from './orders.contract';

/** Method and path of the orders' calls (SPEC §7's, and the documents'). No zod here: the browser imports this. */
export const ordersCalls = endpoints<OrdersSchemas>()({
  /** Places an order for the caller's own email; stock is reserved. */
  place: { method: 'POST', path: '/order/{email}' },
  /** One customer's orders, newest first, a page at a time (paging headers). */
  mine: { method: 'GET', path: '/myorder/{email}' },
  /** Admin: every order, a page at a time (paging headers). */
  all: { method: 'GET', path: '/order' },
  order: { method: 'GET', path: '/singleorderitem/{id}' },
  cancel: { method: 'DELETE', path: '/order/{id}' },
  /** Admin: cancels a paid, undelivered order and refunds it in full. */
  refund: { method: 'POST', path: '/order/{id}/refund' },
  /** Admin: marks a paid order Delivered. */
  deliver: { method: 'PUT', path: '/delivery/{id}' },
  /** Marks an order paid once the provider confirms the payment (idempotent). */
  pay: { method: 'PUT', path: '/order/{id}' },
  invoices: { method: 'GET', path: '/order/{id}/invoices' },
  timeline: { method: 'GET', path: '/order/{id}/timeline' },
});
