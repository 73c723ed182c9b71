import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileUpdateSchema, type Profile } from '@shared/accounts/accounts.schema';
import { messages } from '@shared/messages';
import { sameNames, showApiError } from '@/lib/form-errors';
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
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const fields = ['name', 'phone', 'address', 'education', 'linkedin'] as const;

/** The shared schema's messages are written for the API ("must be …"): start them with a capital here. */
const sentence = (message: string | undefined) => message && message[0]!.toUpperCase() + message.slice(1);

/** Every profile field is optional; the email cannot be changed. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile(profile.email);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: profile.name,
      phone: profile.phone,
      address: profile.address,
      education: profile.education,
      linkedin: profile.linkedin,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update(values);
      reset(values);
      void notify('success', messages.updated);
    } catch (e) {
      showApiError(e, setError, sameNames(fields));
    }
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
