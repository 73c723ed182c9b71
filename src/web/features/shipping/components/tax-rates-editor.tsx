import { useFieldArray, type Path } from 'react-hook-form';
import { taxRatesInputSchema, type TaxRate, type TaxRatesInput } from '@shared/tax/tax.schema';
import { usStateCodes, usStates } from '@shared/common/us-states';
import { ErrorText, FormError } from '@/components/ui/error-text';
import { fieldBorder } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { sentence } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useApiForm } from '@/lib/use-api-form';
import { useReplaceTaxRates } from '../api/shipping-admin';

const formField = (apiField: string) =>
  apiField.startsWith('rates') ? (apiField as Path<TaxRatesInput>) : undefined;

/**
 * The sales tax table, saved as a whole: a state's own rate (empty ZIP prefix) and ZIP prefixes within it (the
 * longest matching prefix wins). Percent with up to 4 decimals.
 */
export function TaxRatesEditor({ rates }: { rates: TaxRate[] }) {
  const replace = useReplaceTaxRates();
  const form = useApiForm(taxRatesInputSchema, { defaultValues: { rates }, formField });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const rows = useFieldArray({ control, name: 'rates' });
  const onSubmit = form.submitWith(async (values) => {
    const saved = await replace.mutateAsync(values);
    form.reset(saved);
    void notify('success', `Saved ${saved.rates.length} tax rates`);
  });
  const err = (m: string | undefined) => sentence(m);

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">ZIP prefix (empty: whole state)</th>
              <th scope="col">Rate (%)</th>
              <th scope="col">Shipping taxed</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((f, i) => {
              const e = errors.rates?.[i];
              return (
                <tr key={f.id}>
                  <td>
                    <select
                      aria-label={`State, row ${i + 1}`}
                      aria-invalid={e?.state ? true : undefined}
                      className={`${fieldBorder(e?.state?.message)} select select-sm w-44`}
                      {...register(`rates.${i}.state`)}
                    >
                      {usStateCodes.map((code) => (
                        <option key={code} value={code}>
                          {`${code}, ${usStates[code]}`}
                        </option>
                      ))}
                    </select>
                    <ErrorText error={err(e?.state?.message)} />
                  </td>
                  <td>
                    <input
                      inputMode="numeric"
                      maxLength={5}
                      aria-label={`ZIP prefix, row ${i + 1}`}
                      aria-invalid={e?.zipPrefix ? true : undefined}
                      className={`${fieldBorder(e?.zipPrefix?.message)} input input-sm w-28`}
                      {...register(`rates.${i}.zipPrefix`)}
                    />
                    <ErrorText error={err(e?.zipPrefix?.message)} />
                  </td>
                  <td>
                    <input
                      type="number"
                      step="0.0001"
                      min={0}
                      max={20}
                      aria-label={`Rate in percent, row ${i + 1}`}
                      aria-invalid={e?.ratePercent ? true : undefined}
                      className={`${fieldBorder(e?.ratePercent?.message)} input input-sm w-28`}
                      {...register(`rates.${i}.ratePercent`, { valueAsNumber: true })}
                    />
                    <ErrorText error={err(e?.ratePercent?.message)} />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label={`Shipping taxed, row ${i + 1}`}
                      {...register(`rates.${i}.shippingTaxable`)}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Remove tax row ${i + 1}`}
                      onClick={() => rows.remove(i)}
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
      {rows.fields.length === 0 && (
        <p className="mt-2 text-base-content/75">No tax rates: no sales tax is charged anywhere.</p>
      )}
      <ErrorText alert error={err(errors.rates?.message ?? errors.rates?.root?.message)} />
      <FormError message={errors.root?.server?.message} />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => rows.append({ state: 'TX', zipPrefix: '', ratePercent: 0, shippingTaxable: false })}
        >
          Add tax row
        </button>
        <SubmitButton busy={isSubmitting}>Save tax rates</SubmitButton>
      </div>
    </form>
  );
}
