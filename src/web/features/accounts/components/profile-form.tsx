import { profileUpdateSchema, type Profile } from '@shared/accounts/accounts.schema';
import { messages } from '@shared/messages';
import { sameNames, sentence } from '@/lib/form-errors';
import { useApiForm } from '@/lib/use-api-form';
import { notify } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

const formSchema = profileUpdateSchema.pick({
  name: true,
  phone: true,
  address: true,
  education: true,
  linkedin: true,
});
const fields = ['name', 'phone', 'address', 'education', 'linkedin'] as const;

/** Every profile field is optional; the email cannot be changed. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile(profile.email);
  const form = useApiForm(formSchema, {
    defaultValues: {
      name: profile.name,
      phone: profile.phone,
      address: profile.address,
      education: profile.education,
      linkedin: profile.linkedin,
    },
    formField: sameNames(fields),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = form.submitWith(async (values) => {
    await update.mutateAsync(values);
    form.reset(values);
    void notify('success', messages.updated);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Name"
        autoComplete="name"
        error={sentence(errors.name?.message)}
        {...register('name')}
      />
      {/* A phone number, but type="tel" keeps "+", spaces and leading zeros and brings up the
          phone keypad on mobiles. */}
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={sentence(errors.phone?.message)}
        {...register('phone')}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        error={sentence(errors.address?.message)}
        {...register('address')}
      />
      <TextField label="Education" error={sentence(errors.education?.message)} {...register('education')} />
      <TextField
        label="LinkedIn"
        type="url"
        inputMode="url"
        placeholder="https://www.linkedin.com/in/…"
        error={sentence(errors.linkedin?.message)}
        {...register('linkedin')}
      />
      <div>
        <SubmitButton busy={isSubmitting} className="btn btn-primary w-full sm:w-auto">
          Save
        </SubmitButton>
      </div>
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}
