import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { FormError } from '@/components/ui/error-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { showApiError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { uploadImage } from '@/lib/upload-image';
import { useCreateProduct } from '../api/create-product';
import { useAdminCategories } from '../api/admin-categories';
import { useUnitSystem } from '../lib/units';
import { CatalogueFields } from './catalogue-fields';
import { emptyCatalogue, toCatalogueInput } from './catalogue-values';
import { ProductFields } from './product-fields';
import {
  addProductFormSchema,
  formFieldOfApiField,
  noPackOrBreaks,
  noShipping,
  type AddProductFormInput,
  type AddProductFormOutput,
} from './product-form-schema';

const empty: AddProductFormInput = {
  name: '',
  image: undefined as unknown as File,
  minOrder: '',
  price: '',
  quantity: '',
  lowStockThreshold: '',
  desc: '',
  ...emptyCatalogue(),
  ...noPackOrBreaks(),
  ...noShipping(),
};

/** The fields that have a value (empty boxes are left to the server's defaults). */
const given = <T extends Record<string, unknown>>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;

/**
 * Add A Product: every field required with the shop's messages, plus the server's numeric rules. The image is
 * uploaded first (POST /api/images), then the product is created with its URL.
 */
export function AddProductForm() {
  const createProduct = useCreateProduct();
  const categories = useAdminCategories();
  const system = useUnitSystem();
  // A new key clears the file input and its preview after a product is added.
  const [imageKey, setImageKey] = useState(0);
  const form = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: empty,
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(
    async ({
      image,
      sku,
      brand,
      category,
      specs,
      packSize,
      priceBreaks,
      lowStockThreshold,
      shippingWeightLb,
      lengthIn,
      widthIn,
      heightIn,
      shipsAs,
      freightClass,
      backorderable,
      leadTimeDays,
      ...values
    }) => {
      const catalogue = toCatalogueInput({ sku, brand, category, specs }, categories.data, system, 'add');
      if (catalogue.problems.length) {
        for (const [field, message] of catalogue.problems) setError(field as `specs.${string}`, { message });
        return;
      }
      let img: string;
      try {
        img = await uploadImage(image);
      } catch (e) {
        setError('image', { message: (e as Error).message }, { shouldFocus: true });
        return;
      }
      try {
        // A product sold singly at one price sends neither (the server's defaults).
        await createProduct({
          ...values,
          // Shipping data only as given: a parcel without backorders sends none (the server's defaults).
          ...given({ shippingWeightLb, lengthIn, widthIn, heightIn, freightClass, leadTimeDays }),
          ...(shipsAs !== 'parcel' && { shipsAs }),
          ...(backorderable && { backorderable }),
          ...catalogue.input,
          ...(packSize > 1 ? { packSize } : {}),
          ...(priceBreaks.length ? { priceBreaks } : {}),
          ...(lowStockThreshold !== null ? { lowStockThreshold } : {}),
          img,
        });
        void notify('success', messages.updated);
        reset(empty);
        setImageKey((k) => k + 1);
      } catch (e) {
        showApiError(e, setError, formFieldOfApiField);
      }
    },
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex max-w-2xl flex-col gap-4">
        <ProductFields mode="add" imageKey={imageKey} />
        <CatalogueFields />
        <FormError message={errors.root?.server?.message} />
        <div>
          <SubmitButton busy={isSubmitting} className="btn btn-primary w-full sm:w-auto">
            Add product
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
