import { Controller, useFormContext } from 'react-hook-form';
import { TextAreaField, TextField } from '@/components/ui/field';
import { sentence } from '@/lib/form-errors';
import { ImageField } from './image-field';
import type { AddProductFormInput } from './product-form-schema';

/** The shared schema's messages are the shop's ("Price is required") or the API's ("must be …"). */
const shown = (message: string | undefined) => message && sentence(message);

/**
 * The product's fields, for the add form and the edit dialog alike (inside their react-hook-form FormProvider).
 * Adding names the product; editing cannot rename it, shows the current image, and calls the quantity what it then
 * is, the stock.
 */
export function ProductFields({
  mode,
  current,
  imageKey,
}: {
  mode: 'add' | 'edit';
  /** The product's image today (edit). */
  current?: { src: string; alt: string };
  /** A new key clears the file input and its preview (after the add form resets). */
  imageKey?: number;
}) {
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = useFormContext<AddProductFormInput>();
  return (
    <>
      {mode === 'add' && (
        <TextField
          label="Product Name"
          autoComplete="off"
          maxLength={120}
          error={shown(errors.name?.message)}
          {...register('name')}
        />
      )}
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <ImageField
            key={imageKey}
            label="Product image"
            current={current}
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
          label={mode === 'add' ? 'Quantity' : 'Stock'}
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
    </>
  );
}
