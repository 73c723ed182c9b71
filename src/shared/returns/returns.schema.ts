import { z } from 'zod';
import { idSchema } from '../common/common.schema';
import { MAX_RETURN_PHOTOS, returnReasons, returnStatuses } from './returns.constants';

const reasonError = { error: `must be one of ${returnReasons.join(', ')}` };
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** POST /api/returns: the buyer's request: lines of their shipped orders, a reason, photos (uploaded first). */
export const returnCreateSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        orderId: idSchema,
        quantity: z.number().int('must be a whole number').min(1, 'must be at least 1'),
      }),
    )
    .min(1, 'pick at least one line')
    .max(50),
  reason: z.enum(returnReasons, reasonError),
  comments: text(2000).optional(),
  /** URLs POST /api/images answered (`/media/uploads/…`). */
  photos: z
    .array(z.string().regex(/^\/media\/uploads\/[\w.-]+$/, 'must be an image uploaded to this shop'))
    .max(MAX_RETURN_PHOTOS, `at most ${MAX_RETURN_PHOTOS} photos`)
    .optional(),
});
export type ReturnCreate = z.infer<typeof returnCreateSchema>;

export const returnApproveSchema = z.strictObject({
  instructions: text(2000).min(1, 'tell the buyer how to send the goods back'),
});
export const returnRejectSchema = z.strictObject({
  reason: text(2000).min(1, 'tell the buyer why'),
});
/** What came back of each line: resaleable units go back on the shelf, damaged ones are scrapped. */
export const returnReceiveSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: idSchema,
        restock: z.number().int('must be a whole number').min(0, 'must be 0 or more'),
        scrap: z.number().int('must be a whole number').min(0, 'must be 0 or more'),
      }),
    )
    .min(1, 'record at least one line'),
});
export type ReturnReceive = z.infer<typeof returnReceiveSchema>;
/** How a received return is settled: money back through the one refund path, or (warranty failure) a replacement. */
export const returnResolveSchema = z.strictObject({
  resolution: z.enum(['refund', 'replace'], { error: 'must be refund or replace' }),
});

export const returnLineSchema = z.object({
  _id: idSchema,
  orderId: idSchema,
  orderNumber: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  restockedQuantity: z.number().int().nullable(),
  scrappedQuantity: z.number().int().nullable(),
});

export const returnSchema = z.object({
  _id: idSchema,
  rma: z.string().nullable(),
  email: z.string(),
  reason: z.enum(returnReasons),
  comments: z.string(),
  photos: z.array(z.string()),
  status: z.enum(returnStatuses),
  instructions: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The restocking fee kept, in whole percent, once refunded. */
  feePercent: z.number().int().nullable(),
  lines: z.array(returnLineSchema),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  receivedAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  /** A replaced return's no-charge replacement: its checkout and order numbers (decision 065, addendum). */
  replacement: z.object({ checkoutId: idSchema, orderNumbers: z.array(z.number().int()) }).nullable(),
});
export type Return = z.infer<typeof returnSchema>;

export const returnListQuerySchema = z.object({
  status: z.enum(returnStatuses, { error: `must be one of ${returnStatuses.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1, 'must be at least 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'must be at most 100').default(20),
});
export const returnListSchema = z.object({
  returns: z.array(returnSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReturnList = z.infer<typeof returnListSchema>;

const policySchema = z.strictObject({
  windowDays: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(3650, 'must be at most 3650'),
  feePercent: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(100, 'must be at most 100'),
});
export const returnPoliciesSchema = z.strictObject({
  wrong_part: policySchema,
  damaged: policySchema,
  not_needed: policySchema,
  warranty_failure: policySchema,
});
export type ReturnPolicies = z.infer<typeof returnPoliciesSchema>;
