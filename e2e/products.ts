import { expect, type Page } from '@playwright/test';
import { demoProducts } from '../src/server/seed/demo-data';

export interface ApiProduct {
  _id: string;
  name: string;
  img: string;
  quantity: number;
  minOrder: number;
  price: number;
  packSize?: number;
}

const seeded = new Set(demoProducts.map((p) => p.name));

/**
 * The seeded demo products as the shop lists them now. Specs run in parallel and some create, re-price and delete
 * products of their own, so the specs that share the seeded ones pick only among these, each a different one.
 */
export async function seededProducts(page: Page): Promise<ApiProduct[]> {
  const products = (await (await page.request.get('/api/products')).json()) as ApiProduct[];
  return products.filter((p) => seeded.has(p.name));
}

/** The ordering spec's products (its first and last): a minimum order above one and stock to spare. */
export const orderingCandidates = (products: ApiProduct[]) =>
  products.filter((p) => p.minOrder > 1 && p.quantity >= p.minOrder + 5);

/** The invoice spec's product: sold singly, one at a time. */
export const invoiceProduct = (products: ApiProduct[]) =>
  products.filter((p) => p.minOrder === 1 && (p.packSize ?? 1) === 1 && p.quantity >= 5).at(-1);

/**
 * A product of the calling test's own, made through the admin API (specs run in parallel: stock they share would
 * race), with the first seeded product's image; `fields` add to or override the defaults.
 */
export async function newProduct(
  admin: Page,
  fields: { name: string } & Record<string, unknown>,
): Promise<ApiProduct & { sku: string }> {
  const [seeded] = await seededProducts(admin);
  const res = await admin.request.post('/api/product', {
    headers: { origin: new URL(admin.url()).origin },
    data: {
      img: seeded!.img,
      price: 40,
      quantity: 100,
      minOrder: 1,
      desc: 'Stocked for an end-to-end test.',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const products = (await (await admin.request.get('/api/products')).json()) as ApiProduct[];
  return { ...products.find((p) => p.name === fields.name)!, sku: String(fields.sku ?? '') };
}
