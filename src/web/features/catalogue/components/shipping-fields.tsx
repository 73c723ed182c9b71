import { useFormContext } from 'react-hook-form';
import { freightClasses } from '@shared/catalogue/product-shipping';
import type { UnitSystem } from '@shared/catalogue/units';
import { SelectField, TextField } from '@/components/ui/field';
import { sentence } from '@/lib/form-errors';
import { shippingUnit } from '../lib/shipping-units';
import type { AddProductFormInput } from './product-form-schema';

const shown = (message: string | undefined) => message && sentence(message);

/**
 * How the product ships (decision 037): its weight (empty: its weight spec counts) and box, in lb and inches or in kg
 * and cm (`system`: the form converts), parcel or LTL freight with its NMFC class, and whether more than the stock
 * may be ordered, with the lead time of the rest.
 */
export function ShippingFields({ system = 'imperial' }: { system?: UnitSystem }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<AddProductFormInput>();
  const freight = watch('shipsAs') === 'freight';
  const backorders = watch('backorderable');
  const weight = shippingUnit('weight', system);
  const length = shippingUnit('length', system);
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-medium">Shipping</legend>
      <TextField
        label={`Shipping weight (${weight})`}
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        hint="Per unit, packed; up to 2 decimals. Empty: the product's weight spec."
        error={shown(errors.shippingWeightLb?.message)}
        {...register('shippingWeightLb')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={`Length (${length})`}
          type="number"
          inputMode="decimal"
          min={0.1}
          step={0.1}
          error={shown(errors.lengthIn?.message)}
          {...register('lengthIn')}
        />
        <TextField
          label={`Width (${length})`}
          type="number"
          inputMode="decimal"
          min={0.1}
          step={0.1}
          error={shown(errors.widthIn?.message)}
          {...register('widthIn')}
        />
        <TextField
          label={`Height (${length})`}
          type="number"
          inputMode="decimal"
          min={0.1}
          step={0.1}
          error={shown(errors.heightIn?.message)}
          {...register('heightIn')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Ships as" error={shown(errors.shipsAs?.message)} {...register('shipsAs')}>
          <option value="parcel">Parcel</option>
          <option value="freight">LTL freight</option>
        </SelectField>
        <SelectField
          label="Freight class"
          hint={freight ? 'Required for LTL freight.' : 'Only used for LTL freight.'}
          error={shown(errors.freightClass?.message)}
          {...register('freightClass')}
        >
          <option value="">None</option>
          {freightClasses.map((c) => (
            <option key={c} value={c}>
              Class {c}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="checkbox" {...register('backorderable')} />
        <span>Allow backorders</span>
      </label>
      <TextField
        label="Lead time (days)"
        type="number"
        inputMode="numeric"
        min={0}
        max={365}
        step={1}
        hint={
          backorders
            ? 'Required: units above the stock ship this many days after the order.'
            : 'Days until units above the stock can ship, when backorders are allowed.'
        }
        error={shown(errors.leadTimeDays?.message)}
        {...register('leadTimeDays')}
      />
    </fieldset>
  );
}
