import type { ProductCatalogueInput } from '@shared/catalogue/catalogue.schema';
import type { UnitSystem } from '@shared/catalogue/units';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { shownToBound } from '../lib/units';

export interface CatalogueValues {
  sku: string;
  brand: string;
  category: string;
  specs: Record<string, string>;
}

export const emptyCatalogue = (): CatalogueValues => ({ sku: '', brand: '', category: '', specs: {} });

/**
 * The form's catalogue fields → the API's: numbers converted from the shown unit to canonical, an emptied spec
 * sent as null (edit: removes it; add: only filled specs are sent). `problems` names spec fields that are not numbers.
 */
export function toCatalogueInput(
  values: CatalogueValues,
  categories: AdminCategory[] | undefined,
  system: UnitSystem,
  mode: 'add' | 'edit',
): { input: ProductCatalogueInput; problems: [string, string][] } {
  const input: ProductCatalogueInput = {};
  const problems: [string, string][] = [];
  if (values.sku.trim()) input.sku = values.sku.trim();
  if (values.brand.trim()) input.brand = values.brand.trim();
  if (values.category) input.category = values.category;
  const attributes = categories?.find((c) => c.slug === values.category)?.attributes ?? [];
  const specs: NonNullable<ProductCatalogueInput['specs']> = {};
  for (const a of attributes) {
    const text = (values.specs[a.key] ?? '').trim();
    if (text === '') {
      if (mode === 'edit') specs[a.key] = null;
      continue;
    }
    if (a.type === 'text') {
      specs[a.key] = text;
      continue;
    }
    const canonical = shownToBound(a.unitKind, text, system);
    if (canonical === null || canonical < 0) problems.push([`specs.${a.key}`, 'Must be a number, 0 or more']);
    // Shown values are rounded: keep a few significant digits of the canonical number, not float noise.
    else specs[a.key] = Number(canonical.toPrecision(10));
  }
  if (Object.keys(specs).length) input.specs = specs;
  return { input, problems };
}
