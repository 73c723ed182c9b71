import { endpoints } from '../common/contract';
import type { CartSchemas } from './cart.contract';

/** Method and path of the cart's calls. No zod here: the navbar's cart icon imports this (see common/contract.ts). */
export const cartCalls = endpoints<CartSchemas>()({
  /** The customer's cart, priced now (self, or an admin reading a customer's). */
  cart: { method: 'GET', path: '/cart/{email}' },
  /** Adds to the product's line (creating it); 400/409 name `quantity` when a rule says no. */
  addLine: { method: 'POST', path: '/cart/{email}/lines' },
  setLine: { method: 'PUT', path: '/cart/{email}/lines/{productId}' },
  removeLine: { method: 'DELETE', path: '/cart/{email}/lines/{productId}' },
  empty: { method: 'DELETE', path: '/cart/{email}' },
  /** JSON `text`, or a CSV as multipart field `file` (the browser's upload builds its own request). */
  quickOrder: { method: 'POST', path: '/cart/{email}/quick-order' },
  /** Prices one product line as the cart would, without adding it (the Order Now form's unit price and savings). */
  priceLine: { method: 'POST', path: '/cart/{email}/price' },
  reorderOrder: { method: 'POST', path: '/order/{id}/reorder' },
  reorderCheckout: { method: 'POST', path: '/checkout/{id}/reorder' },
});
