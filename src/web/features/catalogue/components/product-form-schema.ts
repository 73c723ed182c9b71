import { z } from 'zod';
import { productFields, productPricingFields, productStockFields } from '@shared/catalogue/catalogue.schema';
import { priceBreakSchema } from '@shared/catalogue/pricing';
import {
  productShippingFields,
  shippingProblems,
  type ProductShipping,
} from '@shared/catalogue/product-shipping';
import { messages } from '@shared/messages';
import { imageFileProblem } from '@/lib/upload-image';

/**
 * Number inputs hold text: an empty box is "missing" (the field's required message), anything else
 * becomes a number and meets the same rules the server applies (productFields).
 */
const fromInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v), schema);

/** The chosen image file: required when adding, optional when editing; a JPEG, PNG or WebP of up to 5 MB. */
const imageFile = z
  .custom<File>((v) => typeof File !== 'undefined' && v instanceof File, {
    error: messages.productImageRequired,
  })
  .superRefine((file, ctx) => {
    const problem = imageFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** SKU, brand, category and specs as typed: the server checks them (its 400s name the field). */
const catalogueFields = {
  sku: z.string(),
  brand: z.string(),
  category: z.string(),
  specs: z.record(z.string(), z.string()),
};
export type CatalogueFormInput = z.input<z.ZodObject<typeof catalogueFields>>;

/**
 * Pack size and price breaks as typed. The rows are checked here as a convenience (each row's quantity above the
 * previous row's, its price not above it, every price below the product's); the server applies the same rules.
 */
const pricingFields = {
  packSize: fromInput(productPricingFields.packSize.unwrap()),
  priceBreaks: z
    .array(
      z.object({
        minQuantity: fromInput(priceBreakSchema.shape.minQuantity),
        price: fromInput(priceBreakSchema.shape.price),
      }),
    )
    .max(10, { error: 'at most 10 price breaks' })
    .superRefine((rows, ctx) => {
      for (let i = 1; i < rows.length; i++) {
        const [prev, row] = [rows[i - 1]!, rows[i]!];
        if (row.minQuantity <= prev.minQuantity)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'minQuantity'],
            message: `must be above the previous row's ${prev.minQuantity}`,
          });
        else if (row.price > prev.price)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'price'],
            message: "must not be above the previous row's price",
          });
      }
    }),
};
export type PricingFormInput = z.input<z.ZodObject<typeof pricingFields>>;

/** Every break must lower the product's own price (the price typed in the same form). */
const breaksBelowPrice = (p: { price: number; priceBreaks: { price: number }[] }, ctx: z.RefinementCtx) =>
  p.priceBreaks.forEach((b, i) => {
    if (b.price >= p.price)
      ctx.addIssue({
        code: 'custom',
        path: ['priceBreaks', i, 'price'],
        message: 'must be below the product price',
      });
  });

/** The low-stock threshold as typed: an empty box is "none of its own" (null: the minimum order counts). */
const lowStockThreshold = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
  productStockFields.lowStockThreshold.unwrap(),
);

/** An optional number box: empty is null (not given), anything else meets the API's rule. */
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v), schema);

/**
 * Shipping and backorders as typed (decision 037): weight in lb, box in inches, empty boxes are "not given". Freight
 * needs a class and backorders a lead time, as on the server.
 */
const shippingFields = {
  shippingWeightLb: optionalNumber(productShippingFields.shippingWeightLb.unwrap()),
  lengthIn: optionalNumber(productShippingFields.lengthIn.unwrap()),
  widthIn: optionalNumber(productShippingFields.widthIn.unwrap()),
  heightIn: optionalNumber(productShippingFields.heightIn.unwrap()),
  shipsAs: productShippingFields.shipsAs.unwrap(),
  freightClass: z.preprocess((v) => (v === '' ? null : v), productShippingFields.freightClass.unwrap()),
  backorderable: z.boolean(),
  leadTimeDays: optionalNumber(productShippingFields.leadTimeDays.unwrap()),
};
export type ShippingFormInput = z.input<z.ZodObject<typeof shippingFields>>;

const shippingRules = (p: Parameters<typeof shippingProblems>[0], ctx: z.RefinementCtx) => {
  for (const s of shippingProblems(p)) ctx.addIssue({ code: 'custom', path: [s.field], message: s.message });
};

/** A product with no shipping data of its own: a parcel weighed by its weight spec, never backordered. */
export const noShipping = (): ShippingFormInput => ({
  shippingWeightLb: '',
  lengthIn: '',
  widthIn: '',
  heightIn: '',
  shipsAs: 'parcel',
  freightClass: '',
  backorderable: false,
  leadTimeDays: '',
});

/** The form's values of a product's shipping data as the API reads it. */
export const shippingOfProduct = (p: Partial<ProductShipping>): ShippingFormInput => {
  const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    shippingWeightLb: text(p.shippingWeightLb),
    lengthIn: text(p.lengthIn),
    widthIn: text(p.widthIn),
    heightIn: text(p.heightIn),
    shipsAs: p.shipsAs ?? 'parcel',
    freightClass: p.freightClass ?? '',
    backorderable: p.backorderable ?? false,
    leadTimeDays: text(p.leadTimeDays),
  };
};

/** The pricing fields of a product sold singly at one price. */
export const noPackOrBreaks = (): PricingFormInput => ({ packSize: '1', priceBreaks: [] });

/** Add A Product: the server's productCreateSchema, with a file in place of the image URL. */
export const addProductFormSchema = z
  .object({
    name: productFields.name,
    image: imageFile,
    minOrder: fromInput(productFields.minOrder),
    price: fromInput(productFields.price),
    quantity: fromInput(productFields.quantity),
    lowStockThreshold,
    desc: productFields.desc,
    ...catalogueFields,
    ...pricingFields,
    ...shippingFields,
  })
  .refine((p) => p.quantity >= p.minOrder, {
    path: ['quantity'],
    error: 'must be at least the minimum order',
  })
  .superRefine(breaksBelowPrice)
  .superRefine(shippingRules);
export type AddProductFormInput = z.input<typeof addProductFormSchema>;
export type AddProductFormOutput = z.output<typeof addProductFormSchema>;

/** Edit a product: name, price, stock, minimum order, description and, optionally, a new image. */
export const editProductFormSchema = z
  .object({
    name: productFields.name,
    image: imageFile.optional(),
    price: fromInput(productFields.price),
    quantity: fromInput(productFields.quantity),
    minOrder: fromInput(productFields.minOrder),
    lowStockThreshold,
    desc: productFields.desc,
    ...catalogueFields,
    ...pricingFields,
    ...shippingFields,
  })
  .superRefine(breaksBelowPrice)
  .superRefine(shippingRules);
export type EditProductFormInput = z.input<typeof editProductFormSchema>;
export type EditProductFormOutput = z.output<typeof editProductFormSchema>;

/**
 * The form field that shows the message about an API field (the URL `img` is the file `image`; a break's field is
 * its row's input, the breaks as a whole their editor).
 */
export const formFieldOfApiField = (field: string) =>
  field === 'img'
    ? 'image'
    : field.startsWith('specs.')
      ? (field as `specs.${string}`)
      : /^priceBreaks\.\d+\.(minQuantity|price)$/.test(field)
        ? (field as `priceBreaks.${number}.${'minQuantity' | 'price'}`)
        : field.startsWith('priceBreaks')
          ? ('priceBreaks' as const)
          : productFormFields.find((name) => name === field);
const productFormFields = [
  'name',
  'image',
  'price',
  'quantity',
  'minOrder',
  'desc',
  'sku',
  'brand',
  'category',
  'packSize',
  'lowStockThreshold',
  'shippingWeightLb',
  'lengthIn',
  'widthIn',
  'heightIn',
  'shipsAs',
  'freightClass',
  'backorderable',
  'leadTimeDays',
] as const;
