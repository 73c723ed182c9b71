/**
 * The cart's public face: what the app registers and what other features call (checkout reads and empties a cart
 * under its lock and judges each line by the cart's own rule). Everything else in this folder is the cart's own.
 */
export { cartRoutes } from './cart.routes';
export {
  addToCart,
  cartRows,
  clearCartLines,
  lineProblem,
  lockCart,
  readCart,
  replaceCart,
} from './cart.service';
export { reorderLines, type PastLine } from './cart.reorder';
