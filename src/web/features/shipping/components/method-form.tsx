import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { shippingKinds, type ShippingMethod } from '@shared/shipping/shipping.schema';
import {
  shippingMethodFormSchema,
  toMethodForm,
  type ShippingMethodForm,
} from '@shared/shipping/method-form.schema';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { moneyInputProps } from '@/components/ui/money-field';
import { sentence } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useApiForm } from '@/lib/use-api-form';
import { useSaveMethod } from '../api/shipping-admin';
import { RateRows } from './rate-rows';

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

/**
 * A shipping method and its rate rows, added or edited as a whole (PUT replaces the rows). Money is typed in dollars
 * and sent in the API's whole cents; weights are the API's grams, with pounds or kilograms shown beside them.
 */
export function MethodForm({ method, onDone }: { method?: ShippingMethod | undefined; onDone: () => void }) {
  const save = useSaveMethod();
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

  const onSubmit = form.submitWith(async (values) => {
    await save.mutateAsync({ id: method?._id, body: values });
    void notify('success', method ? `Saved ${values.name}` : `Added ${values.name}`);
    onDone();
  });

  const err = (message: string | undefined) => sentence(message);

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
          {...moneyInputProps}
          error={err(errors.freeAboveCents?.message)}
          {...register('freeAboveCents')}
        />
      )}

      {kind === 'freight' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Minimum charge ($)"
            {...moneyInputProps}
            error={err(errors.minChargeCents?.message)}
            {...register('minChargeCents')}
          />
          <TextField
            label="Liftgate ($)"
            {...moneyInputProps}
            error={err(errors.liftgateCents?.message)}
            {...register('liftgateCents')}
          />
          <TextField
            label="Residential delivery ($)"
            {...moneyInputProps}
            error={err(errors.residentialCents?.message)}
            {...register('residentialCents')}
          />
        </div>
      )}

      {(kind === 'parcel' || kind === 'freight') && (
        <RateRows form={form} kind={kind} parcel={parcel} freight={freight} />
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
