import type { CatalogueProduct } from '@shared/catalogue/search.schema';
import type { UnitSystem } from '@shared/catalogue/units';
import { formatSpecValue } from '../lib/units';

/** The catalogue card's extras: part number and the two key specs, in the chosen units. */
export function CardSpecs({ product, units }: { product: CatalogueProduct; units: UnitSystem }) {
  return (
    <dl className="grid grid-cols-2 gap-x-2 gap-y-1 text-sm">
      <div className="col-span-2 flex gap-1">
        <dt className="text-base-content/75">SKU</dt>
        <dd className="font-mono">{product.sku}</dd>
      </div>
      {product.keySpecs.slice(0, 2).map((s) => (
        <div key={s.key}>
          <dt className="text-base-content/75">{s.label}</dt>
          <dd className="font-semibold">{formatSpecValue(s, units)}</dd>
        </div>
      ))}
    </dl>
  );
}
