import { z } from 'zod';
import { idSchema } from '../common/common.schema';
import { cursorParam, limitParam } from '../common/paging.schema';

/** My equipment (docs/decisions/064-equipment.md): the API's shapes, shared by the server and the web app. */

export const SERIAL_MAX = 24;
const serial = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(SERIAL_MAX, { error: `must be at most ${SERIAL_MAX} characters` })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'may hold only letters, digits and dashes' });
const isoDay = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const hours = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number of hours' })
  .min(0, { error: 'cannot be negative' })
  .max(1_000_000, { error: 'must be at most 1,000,000' });

/** How serials compare: upper-cased, zero-padded to one width, in byte order (A999 < A1000). */
export const serialKey = (s: string) => s.trim().toUpperCase().padStart(SERIAL_MAX, '0');

export const modelCreateSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(120),
  productId: idSchema.nullish(),
  warrantyMonths: z.number().int().min(0).max(240).default(12),
  diagramUrl: z.string().trim().max(500).nullish(),
});
export type ModelCreate = z.infer<typeof modelCreateSchema>;

export const modelSchema = z.object({
  id: z.string(),
  name: z.string(),
  productId: z.string().nullable(),
  warrantyMonths: z.number(),
  diagramUrl: z.string().nullable(),
});
export type EquipmentModel = z.infer<typeof modelSchema>;

const serialRange = {
  serialFrom: serial.nullish(),
  serialTo: serial.nullish(),
};

export const planItemCreateSchema = z
  .object({
    productId: idSchema,
    everyHours: hours.min(1, { error: 'must be at least 1' }).nullish(),
    everyMonths: z.number().int().min(1, { error: 'must be at least 1' }).max(240).nullish(),
    ...serialRange,
  })
  .refine((v) => v.everyHours != null || v.everyMonths != null, {
    error: 'give running hours, months or both',
    path: ['everyHours'],
  });
export type PlanItemCreate = z.infer<typeof planItemCreateSchema>;

export const planItemSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  everyHours: z.number().nullable(),
  everyMonths: z.number().nullable(),
  serialFrom: z.string().nullable(),
  serialTo: z.string().nullable(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const fitCreateSchema = z.object({ productId: idSchema, ...serialRange });
export type FitCreate = z.infer<typeof fitCreateSchema>;

export const replacementSchema = z.object({ replacedById: idSchema.nullable() });

export const machineCreateSchema = z
  .object({
    modelId: idSchema,
    serial,
    installedOn: isoDay,
    /** Register for the caller's company (all its members see it) instead of for the caller alone. */
    forCompany: z.boolean().default(false),
    locationId: idSchema.nullish(),
    siteAddress: z.string().trim().max(300).nullish(),
    runningHours: hours.default(0),
    hoursPerWeek: hours.max(168, { error: 'must be at most 168 (hours in a week)' }).default(40),
    /** Proof of purchase: an order of this shop, or an invoice file uploaded after (POST …/machines/{id}/proof). */
    orderId: idSchema.nullish(),
  })
  .refine((v) => !(v.locationId && v.siteAddress), {
    error: 'give a company location or an address, not both',
    path: ['siteAddress'],
  });
export type MachineCreate = z.input<typeof machineCreateSchema>;

export const hoursUpdateSchema = z.object({
  runningHours: hours,
  hoursPerWeek: hours.max(168, { error: 'must be at most 168 (hours in a week)' }).optional(),
});

export const serviceDoneSchema = z.object({
  planItemId: idSchema,
  atHours: hours.optional(),
  doneOn: isoDay.optional(),
});

export const dueServiceSchema = z.object({
  planItemId: z.string(),
  productId: z.string(),
  productName: z.string(),
  intervalNo: z.number(),
  dueOn: z.string(),
  dueAtHours: z.number().nullable(),
  overdue: z.boolean(),
});
export type DueService = z.infer<typeof dueServiceSchema>;

export const machineSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  serial: z.string(),
  installedOn: z.string(),
  companyId: z.string().nullable(),
  locationId: z.string().nullable(),
  siteAddress: z.string().nullable(),
  runningHours: z.number(),
  hoursPerWeek: z.number(),
  orderId: z.string().nullable(),
  /** Where the uploaded proof of purchase is read (its owner or an admin), or null. */
  invoiceUrl: z.string().nullable(),
  invoiceFileName: z.string().nullable(),
  warranty: z.object({ until: z.string(), covered: z.boolean(), proof: z.boolean() }),
  createdAt: z.string(),
});
export type Machine = z.infer<typeof machineSchema>;

export const machineListQuerySchema = z.object({ limit: limitParam(25), cursor: cursorParam });

export const fittingPartSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  priceCents: z.number(),
  /** The part this one replaces, when the fit rule named an older SKU. */
  replaces: z.string().nullable(),
});
export type FittingPart = z.infer<typeof fittingPartSchema>;

export const machineDetailSchema = machineSchema.extend({
  parts: z.array(fittingPartSchema),
  services: z.array(dueServiceSchema),
});
export type MachineDetail = z.infer<typeof machineDetailSchema>;

export const productFitSchema = z.object({
  /** Where the part was replaced: the newest part of its chain. */
  replacedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  machines: z.array(z.object({ machineId: z.string(), label: z.string(), fits: z.boolean() })),
});
export type ProductFit = z.infer<typeof productFitSchema>;

export const equipmentMessages = {
  duplicateSerial: 'This machine (model and serial number) is already registered.',
  noCompany: 'You are not a member of a company.',
  notYourOrder: 'That order is not yours or is not paid.',
  replacementCycle: 'That replacement would make a cycle of parts replacing each other.',
  notInPlan: 'That item is not in this machine’s service plan.',
} as const;

export const hotspotCreateSchema = z.object({
  number: z.number().int().min(1).max(999),
  /** Percent of the image's width and height from its top left corner. */
  xPct: z.number().min(0).max(100),
  yPct: z.number().min(0).max(100),
  productId: idSchema,
});

export const diagramSchema = z.object({
  url: z.string().nullable(),
  hotspots: z.array(
    z.object({
      number: z.number(),
      xPct: z.number(),
      yPct: z.number(),
      productId: z.string(),
      name: z.string(),
      priceCents: z.number(),
    }),
  ),
});
export type Diagram = z.infer<typeof diagramSchema>;

/** A proof of purchase upload: a PDF of at most 10 MB, or a JPEG, PNG or WebP photo of at most 5 MB. */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
