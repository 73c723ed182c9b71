import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { unitKinds } from './units';

const name = z
  .string({ error: 'Category name is required' })
  .trim()
  .min(1, { error: 'Category name is required' })
  .max(80, { error: 'must be at most 80 characters' });

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lower-case letters, digits and single dashes' })
  .max(80, { error: 'must be at most 80 characters' });

/** The UNSPSC commodity code punchout sends for the category's products: 8 digits; null or '' for none. */
const unspsc = z
  .string({ error: 'must be 8 digits' })
  .trim()
  .regex(/^(\d{8})?$/, { error: 'must be 8 digits' })
  .nullable()
  .transform((v) => v || null)
  .describe('UNSPSC commodity code (8 digits), sent by punchout as Classification / MATGROUP; null for none');

/** POST /api/admin/categories. Without a slug, one is made from the name. */
export const categoryCreateSchema = z.object({
  name,
  slug: slug.optional(),
  parentId: idSchema.nullable().default(null).describe('the parent category; null for a top-level one'),
  unspsc: unspsc.default(null),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/** PUT /api/admin/categories/{id}: rename, move under another parent (null: to the top level), set its UNSPSC code. */
export const categoryUpdateSchema = z
  .object({ name: name.optional(), parentId: idSchema.nullable().optional(), unspsc: unspsc.optional() })
  .refine((c) => c.name !== undefined || c.parentId !== undefined || c.unspsc !== undefined, {
    error: 'Nothing to change',
  });
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const specAttributeTypes = ['number', 'text'] as const;

/** A spec attribute a category's products carry: defined on the category itself or inherited from a parent. */
export const categoryAttributeSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(specAttributeTypes),
  /** Pressure, flow, power… for numbers (null for text). */
  unitKind: z.string().nullable(),
  unit: z.string().nullable(),
  /** Offered as a filter on /our-products and counted in the facets (numbers with values only). */
  filterable: z.boolean(),
  /** The slug of the ancestor that defines it, or null when the category defines it itself. */
  inheritedFrom: z.string().nullable(),
});

/** One category of GET /api/admin/categories: depth-first, so a parent comes before its children. */
export const adminCategorySchema = z.object({
  _id: idSchema,
  slug: z.string(),
  name: z.string(),
  parentId: idSchema.nullable(),
  /** Its own UNSPSC code (8 digits), or null. */
  unspsc: z.string().nullable(),
  depth: z.number().int(),
  /** Live products filed directly in it. */
  productCount: z.number().int(),
  childCount: z.number().int(),
  attributes: z.array(categoryAttributeSchema),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.array(adminCategorySchema);

/** Makes a slug from a name: "Air Compressors & Dryers" → "air-compressors-dryers". */
export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

/** A spec attribute's key: the CSV's `spec.<key>` column and the search's `spec.<key>` filter. */
export const attributeKeySchema = z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/, {
  error: 'must start with a lower-case letter, then up to 40 lower-case letters, digits, - or _',
});

const attributeLabel = z
  .string({ error: 'Attribute name is required' })
  .trim()
  .min(1, { error: 'Attribute name is required' })
  .max(80, { error: 'must be at most 80 characters' });
const attributeType = z.enum(specAttributeTypes, { error: 'must be number or text' });
/** What a number measures (its canonical unit follows: pressure in bar…); null for a plain count or for text. */
const attributeUnitKind = z.enum(unitKinds, { error: `must be one of ${unitKinds.join(', ')}` }).nullable();

const noUnitForText = (
  a: { type?: string | undefined; unitKind?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (a.type === 'text' && a.unitKind)
    ctx.addIssue({ code: 'custom', path: ['unitKind'], message: 'only a number takes a unit' });
};

/** POST /api/admin/categories/{id}/attributes: a new spec attribute for the category's products (last in order). */
export const attributeCreateSchema = z
  .object({
    label: attributeLabel,
    key: attributeKeySchema.optional().describe('made from the name when absent'),
    type: attributeType,
    unitKind: attributeUnitKind.default(null),
    filterable: z.boolean({ error: 'must be true or false' }).default(true),
  })
  .superRefine(noUnitForText);
export type AttributeCreate = z.infer<typeof attributeCreateSchema>;

/**
 * PUT /api/admin/categories/{id}/attributes/{key}: rename it, offer it as a filter or not; its type and unit only
 * while no product has a value.
 */
export const attributeUpdateSchema = z
  .object({
    label: attributeLabel.optional(),
    type: attributeType.optional(),
    unitKind: attributeUnitKind.optional(),
    filterable: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine(noUnitForText)
  .refine((a) => Object.keys(a).length > 0, { error: 'Nothing to change' });
export type AttributeUpdate = z.infer<typeof attributeUpdateSchema>;

export const attributeParamsSchema = z.object({ id: idSchema, key: attributeKeySchema });

/** PUT /api/admin/categories/{id}/attributes: the category's own attributes, each once, in their new order. */
export const attributeOrderSchema = z.object({
  keys: z.array(attributeKeySchema).min(1, { error: 'must list the attributes' }).max(100),
});

/** The answer of the attribute calls: the category's own attributes, in order. */
export const categoryAttributesSchema = z.object({
  acknowledged: z.literal(true),
  attributes: z.array(categoryAttributeSchema),
});

/** GET /api/admin/categories/{id}/attributes/{key}: what removing it would take away, for the confirmation. */
export const attributeUsageSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Products of the category and its subcategories (deleted ones included) holding a value for it. */
  productsWithValue: z.number().int(),
});
export type AttributeUsage = z.infer<typeof attributeUsageSchema>;

/** DELETE /api/admin/categories/{id}/attributes/{key}: the category's remaining own attributes. */
export const attributeRemovedSchema = categoryAttributesSchema.extend({
  /** How many products' values for it were deleted. */
  removedValues: z.number().int(),
});
