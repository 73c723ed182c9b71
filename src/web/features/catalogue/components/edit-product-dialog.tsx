import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Product, ProductUpdate } from '@shared/catalogue/catalogue.schema';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { FormError } from '@/components/ui/error-text';
import { TextAreaField, TextField } from '@/components/ui/field';
import { uploadImage } from '@/lib/upload-image';
import { fieldOfApiMessage, sentence } from '@/lib/form-errors';
import { Modal } from '@/components/ui/modal';
import { useUpdateProduct } from '@/features/catalogue/api/update-product';
import { ImageField } from './image-field';
import {
  apiProductFields,
  editProductFormSchema,
  formFieldOfApiField,
  type EditProductFormInput,
  type EditProductFormOutput,
} from './product-form-schema';
import { SubmitButton } from '@/components/ui/submit-button';

const shown = (message: string | undefined) => message && sentence(message);

/**
 * Edits a product's price, stock, minimum order, description and (optionally) image; only what changed is sent
 * (PUT /api/product/{id}).
 */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const updateProduct = useUpdateProduct();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<EditProductFormInput, unknown, EditProductFormOutput>({
    resolver: zodResolver(editProductFormSchema),
    defaultValues: {
      image: undefined,
      price: String(product.price),
      quantity: String(product.quantity),
      minOrder: String(product.minOrder),
      desc: product.desc,
    },
  });

  const onSubmit = handleSubmit(async ({ image, ...values }) => {
    const changes: ProductUpdate = {};
    if (dirtyFields.price && values.price !== product.price) changes.price = values.price;
    if (dirtyFields.quantity && values.quantity !== product.quantity) changes.quantity = values.quantity;
    if (dirtyFields.minOrder && values.minOrder !== product.minOrder) changes.minOrder = values.minOrder;
    if (dirtyFields.desc && values.desc !== product.desc) changes.desc = values.desc;
    if (image) {
      try {
        changes.img = await uploadImage(image);
      } catch (e) {
        setError('image', { message: (e as Error).message }, { shouldFocus: true });
        return;
      }
    }
    if (Object.keys(changes).length === 0) {
      setError('root.server', { message: 'Nothing changed: edit a field or choose a new image first.' });
      return;
    }
    try {
      await updateProduct(product._id, changes);
      void notify('success', messages.updated);
      onClose();
    } catch (e) {
      const found = e instanceof ApiError ? fieldOfApiMessage(e.message, apiProductFields) : null;
      const field = found && formFieldOfApiField(found.field);
      if (found && field && field !== 'name')
        setError(field, { message: found.message }, { shouldFocus: true });
      else setError('root.server', { message: (e as Error).message });
    }
  });

  return (
    <Modal title={`Edit ${product.name}`} busy={isSubmitting} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <ImageField
              label="Product image"
              current={{ src: product.img, alt: `Current image of ${product.name}` }}
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
            label="Price"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            error={shown(errors.price?.message)}
            {...register('price')}
          />
          <TextField
            label="Stock"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={shown(errors.quantity?.message)}
            {...register('quantity')}
          />
          <TextField
            label="Minimum Order"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={shown(errors.minOrder?.message)}
            {...register('minOrder')}
          />
        </div>
        <TextAreaField
          label="Description"
          rows={4}
          maxLength={4000}
          error={shown(errors.desc?.message)}
          {...register('desc')}
        />
        <FormError message={errors.root?.server?.message} />
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting}>Save changes</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
