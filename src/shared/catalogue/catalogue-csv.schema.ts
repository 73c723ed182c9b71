import { z } from 'zod';
import { csvProblemSchema, type CsvProblem } from '../common/csv.schema';

/** The largest CSV file an import accepts. */
export const MAX_IMPORT_BYTES = 104_857_600; // 100 MiB
/** How many bad rows an import's report lists (the count covers them all). */
export const MAX_REPORTED_PROBLEMS = 1000;

export const importModes = ['all-or-nothing', 'valid-rows'] as const;
export type ImportMode = (typeof importModes)[number];

/** Multipart fields sent before the file (or query parameters) of POST /api/catalogue/imports. */
export const importOptionsSchema = z.object({
  mode: z.enum(importModes, { error: 'must be all-or-nothing or valid-rows' }).default('all-or-nothing'),
  createCategories: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

/** One bad cell (or row): the file's line number, the column's header, and what is wrong. */
export const importProblemSchema = csvProblemSchema;
export type ImportProblem = CsvProblem;

export const importStatuses = ['validating', 'writing', 'done', 'rejected', 'failed'] as const;

export const catalogueImportSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  mode: z.enum(importModes),
  createCategories: z.boolean(),
  /** validating → writing → done; rejected: all-or-nothing found bad rows (nothing written); failed: see message. */
  status: z.enum(importStatuses),
  totalBytes: z.number().int(),
  processedBytes: z.number().int(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  problems: z.array(importProblemSchema),
  /** Rows written with something to see to, e.g. a new product given the placeholder image (capped like problems). */
  warnings: z.array(importProblemSchema),
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CatalogueImport = z.infer<typeof catalogueImportSchema>;

export const importStartedSchema = z.object({ acknowledged: z.literal(true), importId: z.string() });

/** The fixed columns of the catalogue CSV, in export order; `sku` identifies the product. */
export const csvColumns = [
  'sku',
  'name',
  'brand',
  'category',
  'price',
  'quantity',
  'minOrder',
  'description',
  'image',
  /** Whole packs only; 1 when sold singly. */
  'pack_size',
  /** `10:11.20;50:9.90`: from 10 units $11.20 each, from 50 $9.90; `none` removes them. */
  'price_breaks',
  /** Staff are mailed when the stock falls to this (decision 034); `none`: the minimum order counts. */
  'low_stock_threshold',
  /** Shipping and backorders (decision 037); each optional, empty leaves the value, `none` clears a number or class. */
  'shipping_weight_lb',
  'length_in',
  'width_in',
  'height_in',
  /** `parcel` or `freight` (LTL; needs a freight class). */
  'ships_as',
  'freight_class',
  /** `true`/`false` (also yes/no); backorders need a lead time. */
  'backorderable',
  'lead_time_days',
] as const;
export type CsvColumn = (typeof csvColumns)[number];

/** A spec column's header: `spec.<key> (<unit>)` for numbers (any unit of its kind on import), `spec.<key>` for text. */
export const specColumn = (key: string, unit: string | null) =>
  unit ? `spec.${key} (${unit})` : `spec.${key}`;
const SPEC_HEADER = /^spec\.([A-Za-z0-9_-]+)(?:\s*\((.+)\))?$/;
export function parseSpecColumn(header: string): { key: string; unit: string | null } | null {
  const m = SPEC_HEADER.exec(header.trim());
  return m ? { key: m[1]!, unit: m[2]?.trim() ?? null } : null;
}
