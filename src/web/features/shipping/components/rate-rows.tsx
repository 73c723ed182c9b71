import { useState } from 'react';
import { useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { freightClasses } from '@shared/shipping/shipping.schema';
import type { ShippingMethodForm } from '@shared/shipping/method-form.schema';
import { ErrorText } from '@/components/ui/error-text';
import { fieldBorder } from '@/components/ui/field';
import { moneyInputProps } from '@/components/ui/money-field';
import { sentence } from '@/lib/form-errors';
import { shownWeight, type WeightUnit } from './units';

const num = { valueAsNumber: true } as const;
const cellInput = (error: string | undefined) => `${fieldBorder(error)} input input-sm w-28`;
const err = (message: string | undefined) => sentence(message);

/**
 * A parcel or freight method's rate rows, one input per cell: weights in the API's grams with pounds or kilograms
 * shown beside them, prices typed in dollars. The method form owns the rows (it empties the other kind's on a switch).
 */
export function RateRows<Output>({
  form,
  kind,
  parcel,
  freight,
}: {
  form: UseFormReturn<ShippingMethodForm, unknown, Output>;
  kind: 'parcel' | 'freight';
  parcel: UseFieldArrayReturn<ShippingMethodForm, 'parcelRates'>;
  freight: UseFieldArrayReturn<ShippingMethodForm, 'freightRates'>;
}) {
  const [unit, setUnit] = useState<WeightUnit>('lb');
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const parcelValues = useWatch({ control, name: 'parcelRates' }) ?? [];
  const freightValues = useWatch({ control, name: 'freightRates' }) ?? [];
  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 font-semibold">{kind === 'parcel' ? 'Parcel rates' : 'Freight rates'}</legend>
      <p className="text-sm text-base-content/75">
        {kind === 'parcel'
          ? 'Each row prices shipments up to a weight (inclusive) in one zone; heavier than the last band is not sent by parcel.'
          : 'Each row is a price per hundredweight (100 lb) for a class up to a shipment weight (inclusive).'}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <label htmlFor="weight-unit" className="text-sm">
          Show weights in
        </label>
        <select
          id="weight-unit"
          className={`${fieldBorder()} select select-sm w-24`}
          value={unit}
          onChange={(e) => setUnit(e.currentTarget.value as WeightUnit)}
        >
          <option value="lb">lb</option>
          <option value="kg">kg</option>
        </select>
      </div>
      <ErrorText
        alert
        error={err(
          kind === 'parcel'
            ? (errors.parcelRates?.message ?? errors.parcelRates?.root?.message)
            : (errors.freightRates?.message ?? errors.freightRates?.root?.message),
        )}
      />
      <div className="mt-2 overflow-x-auto">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{kind === 'parcel' ? 'Zone' : 'Freight class'}</th>
              <th scope="col">Up to (grams)</th>
              <th scope="col">{kind === 'parcel' ? 'Price ($)' : '$ per 100 lb'}</th>
              <th scope="col">Shown as</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {kind === 'parcel'
              ? parcel.fields.map((f, i) => {
                  const e = errors.parcelRates?.[i];
                  const row = parcelValues[i];
                  return (
                    <tr key={f.id}>
                      <td>
                        <input
                          type="number"
                          min={1}
                          max={9}
                          aria-label={`Zone, row ${i + 1}`}
                          aria-invalid={e?.zone ? true : undefined}
                          className={cellInput(e?.zone?.message)}
                          {...register(`parcelRates.${i}.zone`, num)}
                        />
                        <ErrorText error={err(e?.zone?.message)} />
                      </td>
                      <td>
                        <input
                          type="number"
                          min={1}
                          aria-label={`Up to grams, row ${i + 1}`}
                          aria-invalid={e?.maxWeightGrams ? true : undefined}
                          className={cellInput(e?.maxWeightGrams?.message)}
                          {...register(`parcelRates.${i}.maxWeightGrams`, num)}
                        />
                        <ErrorText error={err(e?.maxWeightGrams?.message)} />
                      </td>
                      <td>
                        <input
                          {...moneyInputProps}
                          aria-label={`Price in dollars, row ${i + 1}`}
                          aria-invalid={e?.cents ? true : undefined}
                          className={cellInput(e?.cents?.message)}
                          {...register(`parcelRates.${i}.cents`)}
                        />
                        <ErrorText error={err(e?.cents?.message)} />
                      </td>
                      <td className="whitespace-nowrap text-sm">
                        {row && shownWeight(row.maxWeightGrams, unit)}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={`Remove row ${i + 1}`}
                          onClick={() => parcel.remove(i)}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })
              : freight.fields.map((f, i) => {
                  const e = errors.freightRates?.[i];
                  const row = freightValues[i];
                  return (
                    <tr key={f.id}>
                      <td>
                        <select
                          aria-label={`Freight class, row ${i + 1}`}
                          aria-invalid={e?.freightClass ? true : undefined}
                          className={`${fieldBorder(e?.freightClass?.message)} select select-sm w-28`}
                          {...register(`freightRates.${i}.freightClass`)}
                        >
                          {freightClasses.map((c) => (
                            <option key={c} value={c}>
                              {c}
                            </option>
                          ))}
                        </select>
                        <ErrorText error={err(e?.freightClass?.message)} />
                      </td>
                      <td>
                        <input
                          type="number"
                          min={1}
                          aria-label={`Up to grams, row ${i + 1}`}
                          aria-invalid={e?.maxWeightGrams ? true : undefined}
                          className={cellInput(e?.maxWeightGrams?.message)}
                          {...register(`freightRates.${i}.maxWeightGrams`, num)}
                        />
                        <ErrorText error={err(e?.maxWeightGrams?.message)} />
                      </td>
                      <td>
                        <input
                          {...moneyInputProps}
                          aria-label={`Dollars per 100 lb, row ${i + 1}`}
                          aria-invalid={e?.centsPerCwt ? true : undefined}
                          className={cellInput(e?.centsPerCwt?.message)}
                          {...register(`freightRates.${i}.centsPerCwt`)}
                        />
                        <ErrorText error={err(e?.centsPerCwt?.message)} />
                      </td>
                      <td className="whitespace-nowrap text-sm">
                        {row && shownWeight(row.maxWeightGrams, unit)}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={`Remove row ${i + 1}`}
                          onClick={() => freight.remove(i)}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn btn-sm mt-2"
        onClick={() =>
          kind === 'parcel'
            ? parcel.append({ zone: 1, maxWeightGrams: 454, cents: '0.00' })
            : freight.append({ freightClass: '50', maxWeightGrams: 226_796, centsPerCwt: '0.00' })
        }
      >
        Add rate row
      </button>
    </fieldset>
  );
}
