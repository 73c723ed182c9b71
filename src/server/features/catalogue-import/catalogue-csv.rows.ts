import type { z } from 'zod';
import type { ImportProblem } from '@shared/catalogue/catalogue-csv.schema';
import {
  productCatalogueFields,
  productFields,
  productStockFields,
} from '@shared/catalogue/catalogue.schema';
import type { PriceBreakCents } from '@shared/catalogue/pricing';
import type { ProductUpdate } from '@shared/catalogue/catalogue.schema';
import {
  productShippingFields,
  shippingProblems,
  type FreightClass,
} from '@shared/catalogue/product-shipping';
import type { CsvLayout } from './catalogue-csv.header';
import { breaksFromKey, breaksPriceProblem, packSizeProblem, parseBreaksCell } from './catalogue-csv.pricing';
import { specProblem } from '../catalogue/index';
import { unguardCell } from '../../infra/csv-formula';
import { dollarsToCents } from '@shared/common/money';

/** A product's fields that the CSV carries, as they are in the database (what an export writes). */
export interface CsvProduct {
  id: string;
  sku: string;
  name: string;
  brand: string | null;
  categoryId: string | null;
  priceCents: number;
  quantity: number;
  minOrder: number;
  description: string;
  img: string;
  packSize: number;
  /** The breaks as `breaksKey` writes them (null: none). */
  priceBreaks: string | null;
  lowStockThreshold: number | null;
  /** Shipping data as stored (decision 037): whole grams and millimetres. */
  shippingWeightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  shipsAs: 'parcel' | 'freight';
  freightClass: string | null;
  backorderable: boolean;
  leadTimeDays: number | null;
}

/** A product as an import finds it: the fields it may change, and whether the product is archived. */
export interface ProductState extends CsvProduct {
  archived: boolean;
}

/** An image to bring in: fetched from a URL, a stored file's name, or the shop's placeholder (a new product without one). */
export type ImageSource = { url: string } | { name: string } | { placeholder: true };

/** One valid row: the cells it sets (empty cells leave a product's value as it is). */
export interface ImportRow {
  line: number;
  sku: string;
  name?: string;
  brand?: string;
  category?: string;
  priceCents?: number;
  quantity?: number;
  minOrder?: number;
  description?: string;
  img?: string;
  /** An image to bring in before writing (pass 1 resolves it to `img`): fetched from a URL, or a stored file's name. */
  imageSource?: ImageSource;
  packSize?: number;
  /** null (`none`): the minimum order counts. */
  lowStockThreshold?: number | null;
  /** Replaces the product's breaks ([] removes them). */
  priceBreaks?: PriceBreakCents[];
  /** The shipping columns given (null: `none`, cleared), as the API's fields (lb, inches). */
  shipping?: ProductUpdate;
  specs: Map<number, number | string>;
}

export interface RowContext {
  layout: CsvLayout;
  categoryIds: Map<string, string>;
  createCategories: boolean;
  /**
   * lower(SKU) → the line it was first seen on, across the whole file; absent in the write pass, which reads only
   * the rows the first pass accepted (repeats were rejected there), so it does not hold every SKU a second time.
   */
  seen?: Map<string, number>;
}

/** The first message a zod field schema has for a value, or undefined when it passes. */
function check(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]!.message;
}

/** The API field of each numeric shipping column, and the column that reports a field's cross-field problem. */
const shippingFieldOf = {
  shipping_weight_lb: 'shippingWeightLb',
  length_in: 'lengthIn',
  width_in: 'widthIn',
  height_in: 'heightIn',
  lead_time_days: 'leadTimeDays',
} as const;
const csvColumnOf = { freightClass: 'freight_class', leadTimeDays: 'lead_time_days' } as const;

/** What the cross-field rules read of a stored product. */
const shippingOfState = (p: ProductState) => ({
  shipsAs: p.shipsAs,
  freightClass: p.freightClass,
  backorderable: p.backorderable,
  leadTimeDays: p.leadTimeDays,
});

const number = (cell: string) => (/^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : Number.NaN);
// No image is required: an ERP export has none, so such a product gets the placeholder and the report a warning.
const REQUIRED_FOR_NEW = ['name', 'price', 'quantity', 'description'] as const;

/**
 * Validates one CSV record with the same rules as the admin form (shared zod fields). Returns the row, or the
 * problems of each bad cell; `existing` is the product of this SKU when there is one.
 */
export function validateRow(
  ctx: RowContext,
  line: number,
  cells: string[],
  existing: ProductState | undefined,
): { row: ImportRow } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (column: string, message: string) => problems.push({ line, column, message });
  const row: ImportRow = { line, sku: '', specs: new Map() };
  const given = new Set<string>();
  for (const [i, column] of ctx.layout.fixed) {
    const cell = unguardCell((cells[i] ?? '').trim());
    if (cell === '') continue;
    given.add(column);
    const fail = (message: string | undefined) => message && problem(column, message);
    switch (column) {
      case 'sku':
        if (!fail(check(productCatalogueFields.sku, cell))) row.sku = cell;
        break;
      case 'name':
        if (!fail(check(productFields.name, cell))) row.name = cell;
        break;
      case 'brand':
        if (!fail(check(productCatalogueFields.brand, cell))) row.brand = cell;
        break;
      case 'category':
        if (fail(check(productCatalogueFields.category, cell))) break;
        if (!ctx.categoryIds.has(cell) && !ctx.createCategories)
          problem(column, `no such category "${cell}" (choose "create missing categories" to add it)`);
        else row.category = cell;
        break;
      case 'price': {
        const price = number(cell);
        if (!fail(Number.isNaN(price) ? 'must be a number like 189.50' : check(productFields.price, price)))
          row.priceCents = dollarsToCents(price);
        break;
      }
      case 'quantity':
      case 'minOrder': {
        const n = number(cell);
        if (!fail(Number.isNaN(n) ? 'must be a whole number' : check(productFields[column], n)))
          row[column] = n;
        break;
      }
      case 'description':
        if (!fail(check(productFields.desc, cell))) row.description = cell;
        break;
      case 'image':
        if (/^https?:\/\//i.test(cell)) row.imageSource = { url: cell };
        else if (/^[\w-]{1,100}\.webp$/.test(cell)) row.imageSource = { name: cell };
        else if (!fail(check(productFields.img, cell))) row.img = cell;
        break;
      case 'pack_size':
        if (!fail(packSizeProblem(number(cell)))) row.packSize = number(cell);
        break;
      case 'low_stock_threshold': {
        const n = cell.toLowerCase() === 'none' ? null : number(cell);
        if (
          !fail(
            Number.isNaN(n)
              ? 'must be a whole number, or none'
              : check(productStockFields.lowStockThreshold, n),
          )
        )
          row.lowStockThreshold = n;
        break;
      }
      case 'shipping_weight_lb':
      case 'length_in':
      case 'width_in':
      case 'height_in':
      case 'lead_time_days': {
        const field = shippingFieldOf[column];
        const value = cell.toLowerCase() === 'none' ? null : number(cell);
        if (
          !fail(
            Number.isNaN(value) ? 'must be a number, or none' : check(productShippingFields[field], value),
          )
        )
          row.shipping = { ...row.shipping, [field]: value };
        break;
      }
      case 'ships_as': {
        const value = cell.toLowerCase();
        if (!fail(check(productShippingFields.shipsAs, value)))
          row.shipping = { ...row.shipping, shipsAs: value as 'parcel' | 'freight' };
        break;
      }
      case 'freight_class': {
        const value = cell.toLowerCase() === 'none' ? null : cell;
        if (!fail(check(productShippingFields.freightClass, value)))
          row.shipping = { ...row.shipping, freightClass: value as FreightClass | null };
        break;
      }
      case 'backorderable': {
        const value = /^(true|yes|1)$/i.test(cell) ? true : /^(false|no|0)$/i.test(cell) ? false : null;
        if (!fail(value === null ? 'must be true or false' : undefined))
          row.shipping = { ...row.shipping, backorderable: value! };
        break;
      }
      case 'price_breaks': {
        const parsed = parseBreaksCell(cell);
        if ('problem' in parsed) fail(parsed.problem);
        else row.priceBreaks = parsed.breaks;
        break;
      }
    }
  }
  for (const [i, spec] of ctx.layout.specs) {
    const cell = unguardCell((cells[i] ?? '').trim());
    if (cell === '') continue;
    const value = spec.attribute.type === 'text' ? cell : number(cell);
    const message = specProblem(spec.attribute.type, value);
    if (message) problem(spec.header, message);
    else row.specs.set(spec.attribute.id, typeof value === 'number' ? value * spec.toCanonical : value);
  }
  const price = row.priceCents ?? existing?.priceCents;
  const breaks = row.priceBreaks ?? breaksFromKey(existing?.priceBreaks ?? null);
  const breaksProblem = price !== undefined && breaksPriceProblem(price, breaks);
  if (breaksProblem && !problems.some((p) => p.column === 'price' || p.column === 'price_breaks'))
    problem(row.priceBreaks ? 'price_breaks' : 'price', breaksProblem);
  // Freight needs a class and backorders a lead time, judged on the product as the row leaves it.
  if (row.shipping) {
    const after = { ...(existing ? shippingOfState(existing) : {}), ...row.shipping };
    for (const s of shippingProblems(after))
      if (!problems.some((p) => p.column === csvColumnOf[s.field])) problem(csvColumnOf[s.field], s.message);
  }
  if (!given.has('sku')) problem('sku', 'is required');
  const key = row.sku.toLowerCase();
  const first = ctx.seen?.get(key);
  if (row.sku && first !== undefined) problem('sku', `appears again (first on line ${first})`);
  else if (row.sku) ctx.seen?.set(key, line);
  if (existing?.archived) problem('sku', 'belongs to a deleted product');
  if (!existing && row.sku) {
    for (const column of REQUIRED_FOR_NEW)
      if (!given.has(column) && !problems.some((p) => p.column === column))
        problem(column, 'is required for a new product');
    if (!given.has('image') && !problems.some((p) => p.column === 'image'))
      row.imageSource = { placeholder: true };
    const minOrder = row.minOrder ?? 1;
    if (row.quantity !== undefined && row.quantity < minOrder)
      problem('quantity', 'must be at least the minimum order');
  }
  return problems.length ? { problems } : { row };
}
