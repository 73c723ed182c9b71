import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';

/** The most lines one shipment holds, and the most shipments one bulk call makes. */
export const MAX_SHIPMENT_LINES = 100;
export const MAX_BULK_SHIPMENTS = 50;

/** Carriers the dialog suggests; any other name is accepted (a regional freight line, the shop's own van). */
export const commonCarriers = ['UPS', 'FedEx', 'USPS', 'DHL', 'LTL freight'] as const;

export const shipmentMessages = {
  carrierRequired: 'is required for a shipment (not for a pickup)',
  trackingNumberRequired: 'is required for a shipment (not for a pickup)',
  oneAddress:
    'A shipment goes to one customer at one address: ship lines for other customers or addresses separately.',
  mixedPickup: 'Pickup lines and lines sent by carrier go in separate shipments.',
  notPaid: 'Only paid lines ship.',
  repeated: 'lists the same order twice',
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

/** One line of a shipment: the order (line) and how many of its units; without `quantity`, all not yet shipped. */
export const shipmentLineInputSchema = z.object({
  orderId: idSchema,
  quantity: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .optional(),
});

/**
 * POST /api/shipments. Carrier and tracking number are required when the lines ship by carrier and ignored for
 * pickup lines (the service decides which, from the lines); the tracking link must be https.
 */
export const shipmentCreateSchema = z.object({
  lines: z
    .array(shipmentLineInputSchema, { error: 'must be a list of lines' })
    .min(1, { error: 'must hold at least one line' })
    .max(MAX_SHIPMENT_LINES, { error: `must hold at most ${MAX_SHIPMENT_LINES} lines` }),
  carrier: text(60).optional(),
  trackingNumber: text(60)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/, {
      error: 'must be letters, digits, spaces, dots, dashes or slashes',
    })
    .optional(),
  trackingUrl: z
    .url({ protocol: /^https$/, error: 'must be an https:// link' })
    .max(500, { error: 'must be at most 500 characters' })
    .optional(),
});
export type ShipmentCreate = z.infer<typeof shipmentCreateSchema>;

/** POST /api/shipments/bulk: several shipments at once (one per customer and address), all or none. */
export const shipmentBulkSchema = z.object({
  shipments: z
    .array(shipmentCreateSchema, { error: 'must be a list of shipments' })
    .min(1, { error: 'must hold at least one shipment' })
    .max(MAX_BULK_SHIPMENTS, { error: `must hold at most ${MAX_BULK_SHIPMENTS} shipments` }),
});
export type ShipmentBulk = z.infer<typeof shipmentBulkSchema>;

export const shipmentLineSchema = z.object({
  orderId: idSchema,
  /** The order's number (decision 049), shown as `#1001`. */
  orderNumber: z.number().int(),
  productName: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** The line's ordered quantity, and how many of its units have shipped so far, over all its shipments. */
  ordered: z.number().int(),
  shippedInAll: z.number().int(),
});

/** A shipment as the API answers it. */
export const shipmentSchema = z.object({
  _id: idSchema,
  kind: z.enum(['shipment', 'pickup']),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  checkoutId: idSchema.nullable(),
  poNumber: z.string().nullable(),
  recipient: z.string(),
  email: z.string(),
  address: z.string(),
  pickupLocation: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lines: z.array(shipmentLineSchema),
  /** Where an admin downloads its packing slip (PDF). */
  packingSlipUrl: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentListSchema = z.object({ shipments: z.array(shipmentSchema) });
export type ShipmentList = z.infer<typeof shipmentListSchema>;
