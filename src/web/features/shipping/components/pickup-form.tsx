import {
  pickupLocationInputSchema,
  type PickupLocation,
  type PickupLocationInput,
} from '@shared/shipping/shipping.schema';
import { usStateCodes, usStates } from '@shared/common/us-states';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { sameNames, sentence } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useApiForm } from '@/lib/use-api-form';
import { useSavePickupLocation } from '../api/shipping-admin';

const fields = ['name', 'street', 'city', 'state', 'zip', 'readyHours', 'active', 'position'] as const;

const emptyLocation: PickupLocationInput = {
  name: '',
  street: '',
  city: '',
  state: 'TX',
  zip: '',
  readyHours: 4,
  active: true,
  position: 0,
};

const toInput = ({ _id: _, ...l }: PickupLocation): PickupLocationInput => ({
  ...l,
  state: l.state as PickupLocationInput['state'],
});

/** A will-call pickup location, added or edited. */
export function PickupForm({
  location,
  onDone,
}: {
  location?: PickupLocation | undefined;
  onDone: () => void;
}) {
  const save = useSavePickupLocation();
  const form = useApiForm(pickupLocationInputSchema, {
    defaultValues: location ? toInput(location) : emptyLocation,
    formField: sameNames(fields),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = form.submitWith(async (values) => {
    await save.mutateAsync({ id: location?._id, body: values });
    void notify('success', location ? `Saved ${values.name}` : `Added ${values.name}`);
    onDone();
  });
  const err = (m: string | undefined) => sentence(m);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Location name"
        autoFocus
        maxLength={80}
        error={err(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label="Street"
        autoComplete="street-address"
        maxLength={120}
        error={err(errors.street?.message)}
        {...register('street')}
      />
      <TextField label="City" maxLength={80} error={err(errors.city?.message)} {...register('city')} />
      <SelectField label="State" error={err(errors.state?.message)} {...register('state')}>
        {usStateCodes.map((code) => (
          <option key={code} value={code}>
            {`${code}, ${usStates[code]}`}
          </option>
        ))}
      </SelectField>
      <TextField
        label="ZIP code"
        inputMode="numeric"
        maxLength={5}
        error={err(errors.zip?.message)}
        {...register('zip')}
      />
      <TextField
        label="Ready after (hours)"
        type="number"
        min={0}
        max={720}
        hint="How long after payment an order can be collected."
        error={err(errors.readyHours?.message)}
        {...register('readyHours', { valueAsNumber: true })}
      />
      <TextField
        label="Position in the list"
        type="number"
        min={0}
        error={err(errors.position?.message)}
        {...register('position', { valueAsNumber: true })}
      />
      <label className="flex items-center gap-2 self-center font-medium">
        <input type="checkbox" className="checkbox" {...register('active')} />
        Offered at checkout (active)
      </label>
      <div className="sm:col-span-2">
        <FormError message={errors.root?.server?.message} />
        <div className="mt-2 flex flex-wrap gap-2">
          <SubmitButton busy={isSubmitting}>{location ? 'Save location' : 'Add location'}</SubmitButton>
          <button type="button" className="btn" disabled={isSubmitting} onClick={onDone}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}
