import { X } from 'lucide-react';
import type { Range } from '@shared/catalogue/search-params';
import type { Facets } from '@shared/catalogue/search.schema';
import { formatPrice } from '@/lib/format';
import { boundToShown, shownUnit, useUnitSystem } from '../lib/units';
import { changeState, filterCount, withSpec, type SearchState } from '../lib/search-url';

const rangeLabel = (r: Range, show: (n: number) => string, unit = '') =>
  (r.min !== null && r.max !== null
    ? `${show(r.min)}–${show(r.max)}`
    : r.min !== null
      ? `from ${show(r.min)}`
      : `up to ${show(r.max!)}`) + (unit ? ` ${unit}` : '');

/** The filters in force, each with a button that removes it, and one that removes them all. */
export function ActiveFilters({
  state,
  facets,
  onChange,
}: {
  state: SearchState;
  facets: Facets | null | undefined;
  onChange: (next: SearchState) => void;
}) {
  const units = useUnitSystem();
  if (filterCount(state) === 0) return null;
  const chips: { label: string; next: SearchState }[] = [
    ...(state.inStock ? [{ label: 'In stock only', next: changeState(state, { inStock: false }) }] : []),
    ...(state.fits ? [{ label: 'Fits my equipment', next: changeState(state, { fits: null }) }] : []),
    ...state.brands.map((b) => ({
      label: `Brand: ${b}`,
      next: changeState(state, { brands: state.brands.filter((x) => x !== b) }),
    })),
    ...(state.price
      ? [
          {
            label: `Price: ${rangeLabel(state.price, formatPrice)}`,
            next: changeState(state, { price: null }),
          },
        ]
      : []),
    ...Object.entries(state.specs).map(([key, range]) => {
      const def = facets?.specs.find((s) => s.key === key);
      const kind = def?.unitKind ?? null;
      const unit = shownUnit(kind, units);
      const show = (n: number) => boundToShown(kind, n, units);
      return {
        label: `${def?.label ?? key}: ${rangeLabel(range, show, unit)}`,
        next: withSpec(state, key, null),
      };
    }),
  ];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Filters in use</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.label}>
            <button
              type="button"
              className="btn btn-sm btn-soft gap-1"
              aria-label={`Remove filter ${c.label}`}
              onClick={() => onChange(c.next)}
            >
              {c.label}
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-sm btn-ghost underline"
        onClick={() =>
          onChange(changeState(state, { brands: [], inStock: false, fits: null, price: null, specs: {} }))
        }
      >
        Clear all filters
      </button>
    </div>
  );
}
