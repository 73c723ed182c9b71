import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Product, ProductUpdate } from '@shared/catalogue/catalogue.schema';
import { messages } from '@shared/messages';
import { FormError } from '@/components/ui/error-text';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { showApiError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { uploadImage } from '@/lib/upload-image';
import { useUpdateProduct } from '../api/update-product';
import { ProductFields } from './product-fields';
import {
  editProductFormSchema,
  formFieldOfApiField,
  type EditProductFormInput,
  type EditProductFormOutput,
} from './product-form-schema';

/**
 * Edits a product's price, stock, minimum order, description and (optionally) image; only what changed is sent
 * (PUT /api/product/{id}).
 */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const updateProduct = useUpdateProduct();
  const form = useForm<EditProductFormInput, unknown, EditProductFormOutput>({
    resolver: zodResolver(editProductFormSchema),
    defaultValues: {
      image: undefined,
      price: String(product.price),
      quantity: String(product.quantity),
      minOrder: String(product.minOrder),
      desc: product.desc,
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;

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
      // The name cannot be edited here: a message about it goes under the form.
      showApiError(e, setError, (apiField) => {
        const field = formFieldOfApiField(apiField);
        return field === 'name' ? undefined : field;
      });
    }
  });

  return (
    <Modal title={`Edit ${product.name}`} busy={isSubmitting} onClose={onClose}>
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
          <ProductFields
            mode="edit"
            current={{ src: product.img, alt: `Current image of ${product.name}` }}
          />
          <FormError message={errors.root?.server?.message} />
          <ModalFormActions busy={isSubmitting} onCancel={onClose} submitLabel="Save changes" />
        </form>
      </FormProvider>
    </Modal>
  );
}
