import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { FormError } from '@/components/ui/error-text';
import { TextAreaField, TextField } from '@/components/ui/field';
import { uploadImage } from '@/lib/upload-image';
import { fieldOfApiMessage, sentence } from '@/lib/form-errors';
import { useCreateProduct } from '@/features/catalogue/api/create-product';
import { ImageField } from './image-field';
import {
  addProductFormSchema,
  apiProductFields,
  formFieldOfApiField,
  type AddProductFormInput,
  type AddProductFormOutput,
} from './product-form-schema';
import { SubmitButton } from '@/components/ui/submit-button';

const empty: AddProductFormInput = {
  name: '',
  image: undefined as unknown as File,
  minOrder: '',
  price: '',
  quantity: '',
  desc: '',
};

/** The shared schema's messages are the spec's ("Price is required") or the API's ("must be …"). */
const shown = (message: string | undefined) => message && sentence(message);

/**
 * SPEC §5 Add A Product: every field required with the spec's messages, plus the server's numeric rules. The
 * image is uploaded first (POST /api/images), then the product is created with its URL.
 */
export function AddProductForm() {
  const createProduct = useCreateProduct();
  // A new key clears the file input and its preview after a product is added.
  const [imageKey, setImageKey] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async ({ image, ...values }) => {
    let img: string;
    try {
      img = await uploadImage(image);
    } catch (e) {
      setError('image', { message: (e as Error).message }, { shouldFocus: true });
      return;
    }
    try {
      await createProduct({ ...values, img });
      void notify('success', messages.updated);
      reset(empty);
      setImageKey((k) => k + 1);
    } catch (e) {
      // The API names the field it rejects ("price: must have at most 2 decimals"): show it there.
      const found = e instanceof ApiError ? fieldOfApiMessage(e.message, apiProductFields) : null;
      if (found)
        setError(formFieldOfApiField(found.field), { message: found.message }, { shouldFocus: true });
      else setError('root.server', { message: (e as Error).message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex max-w-2xl flex-col gap-4">
      <TextField
        label="Product Name"
        autoComplete="off"
        maxLength={120}
        error={shown(errors.name?.message)}
        {...register('name')}
      />
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <ImageField
            key={imageKey}
            label="Product image"
            error={shown(fieldState.error?.message)}
            name={field.name}
            disabled={isSubmitting}
            onFile={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Minimum Order"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Whole units, at least 1."
          error={shown(errors.minOrder?.message)}
          {...register('minOrder')}
        />
        <TextField
          label="Price"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          hint="In dollars, with cents."
          error={shown(errors.price?.message)}
          {...register('price')}
        />
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="Units in stock."
          error={shown(errors.quantity?.message)}
          {...register('quantity')}
        />
      </div>
      <TextAreaField
        label="Description"
        rows={5}
        maxLength={4000}
        error={shown(errors.desc?.message)}
        {...register('desc')}
      />
      <FormError message={errors.root?.server?.message} />
      <div>
        <SubmitButton busy={isSubmitting} className="btn btn-primary w-full sm:w-auto">
          Add product
        </SubmitButton>
      </div>
    </form>
  );
}
