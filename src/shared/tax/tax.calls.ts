import { endpoints } from '../common/contract';
import type { TaxSchemas } from './tax.contract';

/** Method and path of the sales-tax admin calls. No zod here: the browser imports this. */
export const taxCalls = endpoints<TaxSchemas>()({
  /** The whole rate table (admin). */
  rates: { method: 'GET', path: '/tax/rates' },
  /** Replaces the whole rate table (admin). */
  replaceRates: { method: 'PUT', path: '/tax/rates' },
});
