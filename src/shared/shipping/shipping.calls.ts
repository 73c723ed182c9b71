import { endpoints } from '../common/contract';
import type { ShippingSchemas } from './shipping.contract';

/** Method and path of the shipping admin calls. No zod here: the browser imports this. */
export const shippingCalls = endpoints<ShippingSchemas>()({
  /** Every method with its rates, the zones and the pickup locations (admin). */
  settings: { method: 'GET', path: '/shipping/settings' },
  createMethod: { method: 'POST', path: '/shipping/methods' },
  /** Replaces the method, its rate rows included. */
  updateMethod: { method: 'PUT', path: '/shipping/methods/{id}' },
  deleteMethod: { method: 'DELETE', path: '/shipping/methods/{id}' },
  /** Replaces the whole zone table. */
  replaceZones: { method: 'PUT', path: '/shipping/zones' },
  createPickupLocation: { method: 'POST', path: '/shipping/pickup-locations' },
  updatePickupLocation: { method: 'PUT', path: '/shipping/pickup-locations/{id}' },
  deletePickupLocation: { method: 'DELETE', path: '/shipping/pickup-locations/{id}' },
});
