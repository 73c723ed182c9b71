import { useFormContext } from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/field';
import { sentence } from '@/lib/form-errors';
import { useAdminCategories } from '../api/admin-categories';
import { shownUnit, useUnitSystem } from '../lib/units';
import type { CatalogueFormInput } from './product-form-schema';

const shown = (message: string | undefined) => message && sentence(message);

/**
 * SKU, brand, category and the chosen category's specs (its own and inherited attributes). Numbers are typed in
 * the unit of the visitor's metric/imperial choice and converted to canonical units on submit.
 */
export function CatalogueFields() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<CatalogueFormInput>();
  const categories = useAdminCategories();
  const system = useUnitSystem();
  const chosen = categories.data?.find((c) => c.slug === watch('category'));
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-semibold">Catalogue data</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="SKU"
          autoComplete="off"
          maxLength={40}
          hint="Left empty when adding: one is generated."
          error={shown(errors.sku?.message)}
          {...register('sku')}
        />
        <TextField
          label="Brand"
          autoComplete="off"
          maxLength={80}
          error={shown(errors.brand?.message)}
          {...register('brand')}
        />
        <SelectField
          // Remounted once the options arrive, so the select shows the product's category.
          key={categories.data ? 'loaded' : 'loading'}
          label="Category"
          error={shown(
            errors.category?.message ?? (categories.isError ? 'Categories could not be loaded' : undefined),
          )}
          {...register('category')}
        >
          <option value="">{categories.isPending ? 'Loading categories…' : 'No category'}</option>
          {categories.data?.map((c) => (
            <option key={c._id} value={c.slug}>
              {`${'\u2014 '.repeat(c.depth)}${c.name}`}
            </option>
          ))}
        </SelectField>
      </div>
      {chosen && chosen.attributes.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {chosen.attributes.map((a) => {
            const unit = a.type === 'number' ? shownUnit(a.unitKind, system) || a.unit : null;
            return (
              <TextField
                key={a.key}
                label={unit ? `${a.label} (${unit})` : a.label}
                inputMode={a.type === 'number' ? 'decimal' : undefined}
                autoComplete="off"
                error={shown(errors.specs?.[a.key]?.message)}
                {...register(`specs.${a.key}`)}
              />
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
