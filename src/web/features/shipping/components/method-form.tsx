import { useState } from 'react';
import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { freightClasses, shippingKinds, type ShippingMethod } from '@shared/shipping/shipping.schema';
import {
  shippingMethodFormSchema,
  toMethodForm,
  type ShippingMethodForm,
} from '@shared/shipping/method-form.schema';
import { FormError, ErrorText } from '@/components/ui/error-text';
import { SelectField, TextField, fieldBorder } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { sentence } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useApiForm } from '@/lib/use-api-form';
import { useSaveMethod } from '../api/shipping-admin';
import { shownWeight, type WeightUnit } from './units';

export const kindLabels: Record<ShippingMethod['kind'], string> = {
  parcel: 'Parcel (by zone and weight)',
  freight: 'LTL freight (by class and weight)',
  pickup: 'Will-call pickup',
  free: 'Free shipping (over a subtotal)',
};

const topFields = new Set([
  'kind',
  'name',
  'active',
  'position',
  'minDays',
  'maxDays',
  'freeAboveCents',
  'minChargeCents',
  'liftgateCents',
  'residentialCents',
  'parcelRates',
  'freightRates',
]);
/** The API names fields as the form does (`parcelRates.3.cents`): show its message there. */
const formField = (apiField: string) =>
  topFields.has(apiField.split('.')[0]!) ? (apiField as Path<ShippingMethodForm>) : undefined;

const emptyMethod: ShippingMethodForm = {
  kind: 'parcel',
  name: '',
  active: true,
  position: 0,
  minDays: 2,
  maxDays: 5,
  freeAboveCents: '',
  minChargeCents: '0.00',
  liftgateCents: '0.00',
  residentialCents: '0.00',
  parcelRates: [],
  freightRates: [],
};

const toInput = ({ _id: _, ...m }: ShippingMethod): ShippingMethodForm => toMethodForm(m);

const num = { valueAsNumber: true } as const;
const cellInput = (error: string | undefined) => `${fieldBorder(error)} input input-sm w-28`;

/**
 * A shipping method and its rate rows, added or edited as a whole (PUT replaces the rows). Money is typed in dollars
 * and sent in the API's whole cents; weights are the API's grams, with pounds or kilograms shown beside them.
 */
export function MethodForm({ method, onDone }: { method?: ShippingMethod | undefined; onDone: () => void }) {
  const save = useSaveMethod();
  const [unit, setUnit] = useState<WeightUnit>('lb');
  const form = useApiForm(shippingMethodFormSchema, {
    defaultValues: method ? toInput(method) : emptyMethod,
    formField,
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const parcel = useFieldArray({ control, name: 'parcelRates' });
  const freight = useFieldArray({ control, name: 'freightRates' });
  const kind = useWatch({ control, name: 'kind' });
  const parcelValues = useWatch({ control, name: 'parcelRates' }) ?? [];
  const freightValues = useWatch({ control, name: 'freightRates' }) ?? [];

  const onSubmit = form.submitWith(async (values) => {
    await save.mutateAsync({ id: method?._id, body: values });
    void notify('success', method ? `Saved ${values.name}` : `Added ${values.name}`);
    onDone();
  });

  const err = (message: string | undefined) => sentence(message);
  const money = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Method name"
          autoComplete="off"
          maxLength={80}
          autoFocus
          error={err(errors.name?.message)}
          {...register('name')}
        />
        <SelectField
          label="Kind"
          error={err(errors.kind?.message)}
          {...register('kind', {
            // A method keeps only its own kind's rows: switching kind leaves no hidden rows to refuse.
            onChange: (e: { target: { value: string } }) => {
              if (e.target.value !== 'parcel') parcel.replace([]);
              if (e.target.value !== 'freight') freight.replace([]);
            },
          })}
        >
          {shippingKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabels[k]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Fastest delivery (business days)"
          type="number"
          min={0}
          max={365}
          inputMode="numeric"
          error={err(errors.minDays?.message)}
          {...register('minDays', num)}
        />
        <TextField
          label="Slowest delivery (business days)"
          type="number"
          min={0}
          max={365}
          inputMode="numeric"
          error={err(errors.maxDays?.message)}
          {...register('maxDays', num)}
        />
        <TextField
          label="Position in the list"
          type="number"
          min={0}
          inputMode="numeric"
          hint="Lower numbers are offered first."
          error={err(errors.position?.message)}
          {...register('position', num)}
        />
        <label className="flex items-center gap-2 self-center font-medium">
          <input type="checkbox" className="checkbox" {...register('active')} />
          Offered at checkout (active)
        </label>
      </div>

      {kind === 'free' && (
        <TextField
          label="Free above ($ of goods subtotal)"
          {...money}
          error={err(errors.freeAboveCents?.message)}
          {...register('freeAboveCents')}
        />
      )}

      {kind === 'freight' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Minimum charge ($)"
            {...money}
            error={err(errors.minChargeCents?.message)}
            {...register('minChargeCents')}
          />
          <TextField
            label="Liftgate ($)"
            {...money}
            error={err(errors.liftgateCents?.message)}
            {...register('liftgateCents')}
          />
          <TextField
            label="Residential delivery ($)"
            {...money}
            error={err(errors.residentialCents?.message)}
            {...register('residentialCents')}
          />
        </div>
      )}

      {(kind === 'parcel' || kind === 'freight') && (
        <fieldset className="rounded-box border border-base-300 p-3">
          <legend className="px-1 font-semibold">
            {kind === 'parcel' ? 'Parcel rates' : 'Freight rates'}
          </legend>
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
                              {...money}
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
                              {...money}
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
      )}

      <FormError message={errors.root?.server?.message} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting}>{method ? 'Save method' : 'Add method'}</SubmitButton>
        <button type="button" className="btn" disabled={isSubmitting} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
