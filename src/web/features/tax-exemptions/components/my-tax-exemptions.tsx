import { useId, useState } from 'react';
import { z } from 'zod';
import { usStateCodes, usStates } from '@shared/common/us-states';
import {
  exemptionUploadFieldsSchema,
  MAX_EXEMPTION_BYTES,
  MAX_EXEMPTION_MB,
} from '@shared/tax/tax-exemptions.schema';
import { ErrorText, FormError } from '@/components/ui/error-text';
import { Field, TextField } from '@/components/ui/field';
import { PagedList } from '@/components/ui/paged-list';
import { SubmitButton } from '@/components/ui/submit-button';
import { sentence } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useApiForm } from '@/lib/use-api-form';
import { useListState } from '@/lib/use-list-state';
import { useMyExemptions, useUploadExemption } from '../api/tax-exemptions';
import { dayFromToday, ExemptionFacts } from './exemption-parts';

const limit = 10;

const fileSchema = z
  .custom<FileList | undefined>()
  .refine((files) => files?.length === 1, { error: 'Please choose the certificate as a PDF file.' })
  .refine((files) => !files?.[0] || files[0].size <= MAX_EXEMPTION_BYTES, {
    error: `The file is too large: it must be ${MAX_EXEMPTION_MB} MB or smaller.`,
  })
  .refine((files) => !files?.[0] || files[0].type === 'application/pdf' || /\.pdf$/i.test(files[0].name), {
    error: 'The file must be a PDF.',
  });

const uploadFormSchema = z.object({
  file: fileSchema,
  number: exemptionUploadFieldsSchema.shape.number,
  states: exemptionUploadFieldsSchema.shape.states,
  expiresOn: exemptionUploadFieldsSchema.shape.expiresOn,
});
type UploadForm = z.input<typeof uploadFormSchema>;

const fieldNames = ['file', 'number', 'states', 'expiresOn'] as const;
const formField = (apiField: string) => fieldNames.find((f) => f === apiField);

/** The upload form: the PDF, the certificate's number, the states it covers (checkboxes) and its expiry date. */
export function UploadExemptionForm({ email }: { email: string }) {
  const upload = useUploadExemption(email);
  const [formKey, setFormKey] = useState(0);
  const statesError = useId();
  const {
    register,
    reset,
    submitWith,
    formState: { errors, isSubmitting },
  } = useApiForm(uploadFormSchema, {
    defaultValues: { number: '', states: [], expiresOn: '' } as Partial<UploadForm>,
    formField,
  });
  const onSubmit = submitWith(async ({ file, number, states, expiresOn }) => {
    await upload.mutateAsync({ file: file![0]!, number, states, expiresOn });
    void notify('success', 'Certificate uploaded: we will review it shortly');
    reset();
    setFormKey((k) => k + 1);
  });
  const stateError = errors.states?.message ?? errors.states?.root?.message;
  return (
    <form
      key={formKey}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="upload-exemption-heading"
      className="mt-4 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="upload-exemption-heading" className="text-xl font-semibold">
        Upload a certificate
      </h2>
      <Field
        label="Certificate (PDF)"
        hint={`A scan or export of your signed exemption certificate, at most ${MAX_EXEMPTION_MB} MB.`}
        error={errors.file?.message}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="application/pdf,.pdf"
            className={`${control.className} file-input w-full`}
            {...register('file')}
          />
        )}
      </Field>
      <TextField
        label="Certificate number"
        autoComplete="off"
        maxLength={60}
        error={errors.number?.message && sentence(errors.number.message)}
        {...register('number')}
      />
      <fieldset aria-describedby={stateError ? statesError : undefined}>
        <legend className="font-medium">States it covers</legend>
        <div className="mt-2 grid max-h-72 grid-cols-2 gap-x-4 gap-y-1 overflow-y-auto rounded-box border border-base-300 p-3 sm:grid-cols-3">
          {usStateCodes.map((code) => (
            <label key={code} className="flex cursor-pointer items-center gap-2">
              <input type="checkbox" className="checkbox checkbox-sm" value={code} {...register('states')} />
              <span>
                {usStates[code]} ({code})
              </span>
            </label>
          ))}
        </div>
        <ErrorText id={statesError} error={stateError && sentence(stateError)} />
      </fieldset>
      <TextField
        label="Expires on"
        type="date"
        min={dayFromToday(1)}
        hint="The certificate must still be valid: a date after today."
        error={errors.expiresOn?.message && sentence(errors.expiresOn.message)}
        {...register('expiresOn')}
      />
      <FormError message={errors.root?.server?.message} />
      <div>
        <SubmitButton busy={isSubmitting}>Upload certificate</SubmitButton>
      </div>
    </form>
  );
}

/** The customer's certificates with their status, and the reason of a rejected one. */
export function MyExemptionsList({ email }: { email: string }) {
  const list = useListState({});
  const exemptions = useMyExemptions(email, { limit: String(limit), cursor: list.cursor });
  return (
    <section aria-labelledby="my-exemptions-heading" className="mt-8">
      <h2 id="my-exemptions-heading" className="text-xl font-semibold">
        My certificates
      </h2>
      <PagedList
        query={exemptions}
        noun="certificates"
        limit={limit}
        list={list}
        skeleton={{ count: 2, className: 'h-32' }}
        empty={<p className="mt-4">You have not uploaded a certificate yet.</p>}
      >
        {(items) => (
          <ul className="mt-2 flex flex-col gap-4">
            {items.map((exemption) => (
              <li key={exemption._id}>
                <article className="rounded-box border border-base-300 bg-base-100 p-4">
                  <ExemptionFacts exemption={exemption} />
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
