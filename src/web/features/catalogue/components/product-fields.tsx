import { useEffect } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import type { UnitSystem } from '@shared/catalogue/units';
import { ErrorText } from '@/components/ui/error-text';
import { TextAreaField, TextField } from '@/components/ui/field';
import { sentence } from '@/lib/form-errors';
import { ImageField } from './image-field';
import { ShippingFields } from './shipping-fields';
import type { AddProductFormInput, PricingFormInput } from './product-form-schema';

/** The shared schema's messages are the shop's ("Price is required") or the API's ("must be …"). */
const shown = (message: string | undefined) => message && sentence(message);

/**
 * The product's fields, for the add form and the edit dialog alike (inside their react-hook-form FormProvider).
 * Editing shows the current image and calls the quantity what it then is, the stock.
 */
export function ProductFields({
  mode,
  current,
  imageKey,
  priceBreaks,
  system,
}: {
  mode: 'add' | 'edit';
  /** The product's image today (edit). */
  current?: { src: string; alt: string };
  /** A new key clears the file input and its preview (after the add form resets). */
  imageKey?: number;
  /** The product's breaks once loaded (edit): they fill the rows unless the admin has edited them already. */
  priceBreaks?: PricingFormInput['priceBreaks'] | undefined;
  /** The units the shipping boxes are typed in (add: the visitor's choice; edit: lb and inches). */
  system?: UnitSystem;
}) {
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = useFormContext<AddProductFormInput>();
  return (
    <>
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
      <TextField
        label="Reorder level"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Staff are emailed when the stock falls to this level (its low-stock threshold). Empty: the minimum order."
        error={shown(errors.lowStockThreshold?.message)}
        {...register('lowStockThreshold')}
      />
      <PricingFields loaded={priceBreaks} />
      <ShippingFields system={system} />
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

/**
 * Pack size and the price-break rows ("From quantity" + "Unit price"), each row a labelled group with its own
 * Remove button. Empty rows are the admin's to fill or remove: the schema names what is missing.
 */
function PricingFields({ loaded }: { loaded: PricingFormInput['priceBreaks'] | undefined }) {
  const {
    register,
    control,
    getFieldState,
    setValue,
    formState: { errors },
  } = useFormContext<AddProductFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  // setValue on a mounted field array redraws its rows (resetField does nothing while the array has no rows).
  useEffect(() => {
    if (loaded && !getFieldState('priceBreaks').isDirty) setValue('priceBreaks', loaded);
  }, [loaded, getFieldState, setValue]);
  const breakErrors = errors.priceBreaks;
  return (
    <>
      <TextField
        label="Pack size"
        type="number"
        inputMode="numeric"
        min={1}
        max={10000}
        step={1}
        hint="Orders are whole packs: 1 when sold singly."
        error={shown(errors.packSize?.message)}
        {...register('packSize')}
      />
      <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
        <legend className="px-1 font-medium">Price breaks</legend>
        <p className="text-sm text-base-content/70">
          A lower unit price from a quantity on; the price above applies below the first break.
        </p>
        {fields.map((row, i) => (
          <fieldset key={row.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <legend className="sr-only">Price break {i + 1}</legend>
            <TextField
              label="From quantity"
              type="number"
              inputMode="numeric"
              min={2}
              step={1}
              error={shown(breakErrors?.[i]?.minQuantity?.message)}
              {...register(`priceBreaks.${i}.minQuantity`)}
            />
            <TextField
              label="Unit price"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              error={shown(breakErrors?.[i]?.price?.message)}
              {...register(`priceBreaks.${i}.price`)}
            />
            <button
              type="button"
              className="btn btn-ghost sm:mt-8"
              aria-label={`Remove price break ${i + 1}`}
              onClick={() => remove(i)}
            >
              Remove
            </button>
          </fieldset>
        ))}
        <ErrorText error={shown(breakErrors?.message ?? breakErrors?.root?.message)} alert />
        {fields.length < 10 && (
          <div>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => append({ minQuantity: '', price: '' })}
            >
              Add price break
            </button>
          </div>
        )}
      </fieldset>
    </>
  );
}
