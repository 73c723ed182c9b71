import { endpoints } from '../common/contract';
import type { FulfilmentSchemas } from './fulfilment.contract';

/** Method and path of the shipments' calls. No zod here: the browser imports this. */
export const fulfilmentCalls = endpoints<FulfilmentSchemas>()({
  /** Admin: ships (or makes ready for pickup) paid lines of one customer at one address. */
  create: { method: 'POST', path: '/shipments' },
  /** Admin: several shipments at once, all or none. */
  bulk: { method: 'POST', path: '/shipments/bulk' },
  /** One shipment (its customer or an admin). */
  shipment: { method: 'GET', path: '/shipments/{id}' },
  /** The shipments holding units of one order line (its customer or an admin), oldest first. */
  ofOrder: { method: 'GET', path: '/order/{id}/shipments' },
});

/** Where an admin downloads a shipment's packing slip (a PDF: a plain link, not a JSON call). */
export const packingSlipPath = (shipmentId: string) => `/api/shipments/${shipmentId}/packing-slip`;
