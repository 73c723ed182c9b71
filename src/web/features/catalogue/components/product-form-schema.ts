import { z } from 'zod';
import { productFields } from '@shared/catalogue/catalogue.schema';
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

/** Add A Product: the server's productCreateSchema, with a file in place of the image URL. */
export const addProductFormSchema = z
  .object({
    name: productFields.name,
    image: imageFile,
    minOrder: fromInput(productFields.minOrder),
    price: fromInput(productFields.price),
    quantity: fromInput(productFields.quantity),
    desc: productFields.desc,
    ...catalogueFields,
  })
  .refine((p) => p.quantity >= p.minOrder, {
    path: ['quantity'],
    error: 'must be at least the minimum order',
  });
export type AddProductFormInput = z.input<typeof addProductFormSchema>;
export type AddProductFormOutput = z.output<typeof addProductFormSchema>;

/** Edit a product: price, stock, minimum order, description and, optionally, a new image. */
export const editProductFormSchema = z.object({
  image: imageFile.optional(),
  price: fromInput(productFields.price),
  quantity: fromInput(productFields.quantity),
  minOrder: fromInput(productFields.minOrder),
  desc: productFields.desc,
  ...catalogueFields,
});
export type EditProductFormInput = z.input<typeof editProductFormSchema>;
export type EditProductFormOutput = z.output<typeof editProductFormSchema>;

/** The form field that shows the message about an API field (the URL `img` is the file `image`). */
export const formFieldOfApiField = (field: string) =>
  field === 'img'
    ? 'image'
    : field.startsWith('specs.')
      ? (field as `specs.${string}`)
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
] as const;
