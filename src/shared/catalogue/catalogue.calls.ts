import { endpoints } from '../common/contract';
import type { CatalogueSchemas } from './catalogue.contract';

/** Method and path of the catalogue's calls. No zod here: the browser imports this (see common/contract.ts). */
export const catalogueCalls = endpoints<CatalogueSchemas>()({
  search: { method: 'GET', path: '/catalogue/search' },
  categories: { method: 'GET', path: '/catalogue/categories' },
  suggest: { method: 'GET', path: '/catalogue/suggest' },
  productDetail: { method: 'GET', path: '/catalogue/products/{id}' },
  /** Logged in: the product with its pack size and price breaks. */
  product: { method: 'GET', path: '/product/{id}' },
  /** Admin: brings a deleted product back into the catalogue. */
  restoreProduct: { method: 'POST', path: '/product/{id}/restore' },
  /** Admin: a category's spec attributes (define, edit, order, remove). */
  createAttribute: { method: 'POST', path: '/admin/categories/{id}/attributes' },
  updateAttribute: { method: 'PUT', path: '/admin/categories/{id}/attributes/{key}' },
  orderAttributes: { method: 'PUT', path: '/admin/categories/{id}/attributes' },
  attributeUsage: { method: 'GET', path: '/admin/categories/{id}/attributes/{key}' },
  removeAttribute: { method: 'DELETE', path: '/admin/categories/{id}/attributes/{key}' },
});
