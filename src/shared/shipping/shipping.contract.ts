import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/common.schema';
import { acknowledgedSchema } from '../accounts/accounts.schema';
import { shippingCalls } from './shipping.calls';
import {
  pickupLocationInputSchema,
  pickupLocationSchema,
  shippingMethodInputSchema,
  shippingMethodSchema,
  shippingSettingsSchema,
  shippingZonesInputSchema,
  shippingZonesSchema,
} from './shipping.schema';

const shippingSchemas = {
  settings: { response: shippingSettingsSchema },
  createMethod: { body: shippingMethodInputSchema, response: shippingMethodSchema, status: 201 },
  updateMethod: { params: idParamsSchema, body: shippingMethodInputSchema, response: shippingMethodSchema },
  deleteMethod: { params: idParamsSchema, response: acknowledgedSchema },
  replaceZones: { body: shippingZonesInputSchema, response: shippingZonesSchema },
  createPickupLocation: { body: pickupLocationInputSchema, response: pickupLocationSchema, status: 201 },
  updatePickupLocation: {
    params: idParamsSchema,
    body: pickupLocationInputSchema,
    response: pickupLocationSchema,
  },
  deletePickupLocation: { params: idParamsSchema, response: acknowledgedSchema },
} satisfies Record<string, CallSchemas>;
export type ShippingSchemas = typeof shippingSchemas;

/** The shipping admin calls with their schemas. */
export const shippingContract = defineContract(shippingCalls, shippingSchemas);
