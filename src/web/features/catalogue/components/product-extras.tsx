import { Link } from 'react-router';
import type { ProductDetail } from '@shared/catalogue/search.schema';
import { paths } from '@/config/paths';
import { useUnitSystem, formatSpecValue } from '../lib/units';
import { CardSpecs } from './card-specs';
import { ProductCard } from './product-card';
import { UnitToggle } from './unit-toggle';

const categoryLink = (slug: string) => `${paths.products}?category=${encodeURIComponent(slug)}`;

/** Our products › Compressors › Rotary screw › the product. */
export function Breadcrumbs({ detail, name }: { detail: ProductDetail | undefined; name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs mb-6 text-sm">
      <ul>
        <li>
          <Link to={paths.products}>Our products</Link>
        </li>
        {detail?.breadcrumbs.map((c) => (
          <li key={c.slug}>
            <Link to={categoryLink(c.slug)}>{c.name}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{name}</span>
        </li>
      </ul>
    </nav>
  );
}

/** The product's part number, brand and technical specs, in the units the visitor chose. */
export function SpecsTable({ detail }: { detail: ProductDetail }) {
  const units = useUnitSystem();
  const { product, specs } = detail;
  return (
    <section aria-labelledby="specs-heading" className="mt-12">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <h2 id="specs-heading" className="text-2xl font-bold">
          Technical specifications
        </h2>
        <UnitToggle />
      </div>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <tbody>
            <tr>
              <th scope="row">SKU</th>
              <td className="font-mono">{product.sku}</td>
            </tr>
            {product.brand && (
              <tr>
                <th scope="row">Brand</th>
                <td>{product.brand}</td>
              </tr>
            )}
            {product.category && (
              <tr>
                <th scope="row">Category</th>
                <td>
                  <Link className="link" to={categoryLink(product.category.slug)}>
                    {product.category.name}
                  </Link>
                </td>
              </tr>
            )}
            {specs.map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.label}</th>
                <td>{formatSpecValue(s, units)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Other products of the same category. */
export function RelatedProducts({ detail }: { detail: ProductDetail }) {
  const units = useUnitSystem();
  if (detail.related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="mb-4 text-2xl font-bold">
        Related products
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {detail.related.slice(0, 3).map((p) => (
          <li key={p._id} className="flex [&>article]:w-full">
            <ProductCard product={p} details={<CardSpecs product={p} units={units} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}
