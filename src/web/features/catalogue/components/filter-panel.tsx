import type { Facets } from '@shared/catalogue/search.schema';
import { formatCount } from '@/lib/format';
import { boundToShown, shownToBound, shownUnit, useUnitSystem } from '../lib/units';
import { changeState, withSpec, type SearchState } from '../lib/search-url';
import { RangeFilter } from './range-filter';

const dollars = (n: number | null) => (n === null ? '' : String(n));
const parseDollars = (text: string) =>
  text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text);

/**
 * Availability, brand, price and every numeric spec of the current results. Counts are those of the current
 * query; spec ranges are typed in the unit the visitor chose and stored canonical.
 */
export function FilterPanel({
  state,
  facets,
  onChange,
  signedIn = false,
}: {
  state: SearchState;
  facets: Facets | null | undefined;
  onChange: (next: SearchState) => void;
  /** Signed in: offer "Fits my equipment". */
  signedIn?: boolean;
}) {
  const units = useUnitSystem();
  const brands = [
    ...(facets?.brands ?? []),
    // A chosen brand stays listed (to untick it) even when nothing matches it any more.
    ...state.brands
      .filter((b) => !facets?.brands.some((f) => f.brand === b))
      .map((brand) => ({ brand, count: 0 })),
  ];
  const toggleBrand = (brand: string, on: boolean) =>
    onChange(
      changeState(state, {
        brands: on ? [...state.brands, brand] : state.brands.filter((b) => b !== brand),
      }),
    );

  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="mb-2 font-semibold">Availability</legend>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={state.inStock}
            onChange={(e) => onChange(changeState(state, { inStock: e.target.checked }))}
          />
          <span>
            In stock only
            {facets && <span className="text-base-content/70"> ({formatCount(facets.inStock.inStock)})</span>}
          </span>
        </label>
        {(signedIn || state.fits) && (
          <label className="mt-1 flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={state.fits !== null}
              onChange={(e) => onChange(changeState(state, { fits: e.target.checked ? 'all' : null }))}
            />
            <span>{state.fits && state.fits !== 'all' ? 'Fits my machine' : 'Fits my equipment'}</span>
          </label>
        )}
      </fieldset>

      {brands.length > 0 && (
        <fieldset>
          <legend className="mb-2 font-semibold">Brand</legend>
          <ul className="flex flex-col gap-1">
            {brands.map((b) => (
              <li key={b.brand}>
                <label className="flex cursor-pointer items-center gap-2">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={state.brands.includes(b.brand)}
                    onChange={(e) => toggleBrand(b.brand, e.target.checked)}
                  />
                  <span>
                    {b.brand} <span className="text-base-content/70">({formatCount(b.count)})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      <RangeFilter
        legend="Price ($)"
        value={state.price ?? undefined}
        toShown={dollars}
        fromShown={parseDollars}
        onApply={(price) => onChange(changeState(state, { price }))}
      />

      {facets?.specs.map((spec) => {
        const unit = shownUnit(spec.unitKind, units);
        return (
          <RangeFilter
            key={spec.key}
            legend={unit ? `${spec.label} (${unit})` : spec.label}
            value={state.specs[spec.key]}
            bounds={{
              min: boundToShown(spec.unitKind, spec.min, units),
              max: boundToShown(spec.unitKind, spec.max, units),
            }}
            toShown={(v) => boundToShown(spec.unitKind, v, units)}
            fromShown={(text) => shownToBound(spec.unitKind, text, units)}
            onApply={(range) => onChange(withSpec(state, spec.key, range))}
          />
        );
      })}
    </div>
  );
}
