import { useEffect, useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProductUpdate } from '@shared/catalogue/catalogue.schema';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { messages } from '@shared/messages';
import { FormError } from '@/components/ui/error-text';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { showApiError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { uploadImage } from '@/lib/upload-image';
import { useUpdateProduct } from '../api/update-product';
import { useAdminCategories } from '../api/admin-categories';
import { useProductDetail } from '../api/get-product-detail';
import { boundToShown, useUnitSystem } from '../lib/units';
import { CatalogueFields } from './catalogue-fields';
import { toCatalogueInput } from './catalogue-values';
import { ProductFields } from './product-fields';
import {
  editProductFormSchema,
  formFieldOfApiField,
  noPackOrBreaks,
  shippingOfProduct,
  type EditProductFormInput,
  type EditProductFormOutput,
} from './product-form-schema';

const shippingKeys = [
  'shippingWeightLb',
  'lengthIn',
  'widthIn',
  'heightIn',
  'shipsAs',
  'freightClass',
  'backorderable',
  'leadTimeDays',
] as const;
const defaultShipping = {
  shippingWeightLb: null,
  lengthIn: null,
  widthIn: null,
  heightIn: null,
  shipsAs: 'parcel',
  freightClass: null,
  backorderable: false,
  leadTimeDays: null,
} as const;

/**
 * Edits a product's name, price, stock, minimum order, description, SKU, brand, category, specs and (optionally) image;
 * only what changed is sent (PUT /api/product/{id}).
 */
export function EditProductDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const updateProduct = useUpdateProduct();
  const categories = useAdminCategories();
  const detail = useProductDetail(product._id);
  const system = useUnitSystem();
  const form = useForm<EditProductFormInput, unknown, EditProductFormOutput>({
    resolver: zodResolver(editProductFormSchema),
    defaultValues: {
      name: product.name,
      image: undefined,
      price: String(product.price),
      quantity: String(product.quantity),
      minOrder: String(product.minOrder),
      lowStockThreshold: product.lowStockThreshold === null ? '' : String(product.lowStockThreshold),
      desc: product.desc,
      sku: product.sku,
      brand: product.brand ?? '',
      category: product.category?.slug ?? '',
      specs: {},
      ...noPackOrBreaks(),
      ...shippingOfProduct(product),
    },
  });
  const {
    handleSubmit,
    setError,
    resetField,
    getFieldState,
    getValues,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;

  // The current specs as the form shows them. They arrive after the dialog opens, and the category's spec fields
  // only exist once the categories have loaded too, so the fields are filled when both are there.
  const loadedSpecs = useMemo(() => {
    if (!detail.data) return undefined;
    const shown: Record<string, string> = {};
    for (const s of detail.data.specs)
      shown[s.key] = s.type === 'text' ? (s.valueText ?? '') : boundToShown(s.unitKind, s.value, system);
    return shown;
  }, [detail.data, system]);
  useEffect(() => {
    for (const [key, shown] of Object.entries(loadedSpecs ?? {})) {
      const name = `specs.${key}` as const;
      // Only an empty field: react-hook-form also counts a field as dirty when a later reset elsewhere compared the
      // whole form, so "dirty" does not mean the admin typed here.
      if (getValues(name)) continue;
      resetField(name, { defaultValue: shown });
    }
  }, [loadedSpecs, categories.data, getValues, resetField]);

  // Pack size and breaks come with the detail too (the admin list does not carry them).
  const pricing = detail.data?.product;
  useEffect(() => {
    if (pricing && !getFieldState('packSize').isDirty)
      resetField('packSize', { defaultValue: String(pricing.packSize) });
  }, [pricing, getFieldState, resetField]);
  const loadedBreaks = useMemo(
    () => pricing?.priceBreaks.map((b) => ({ minQuantity: String(b.minQuantity), price: String(b.price) })),
    [pricing],
  );

  const onSubmit = handleSubmit(
    async ({ image, sku, brand, category, specs, packSize, priceBreaks, ...values }) => {
      const catalogue = toCatalogueInput({ sku, brand, category, specs }, categories.data, system, 'edit');
      const badSpecs = catalogue.problems.filter(([field]) => dirtyFields.specs?.[field.slice(6)]);
      if (badSpecs.length) {
        for (const [field, message] of badSpecs) setError(field as `specs.${string}`, { message });
        return;
      }
      const changes: ProductUpdate = {};
      const { input } = catalogue;
      if (dirtyFields.sku && input.sku && input.sku !== product.sku) changes.sku = input.sku;
      if (dirtyFields.brand && input.brand && input.brand !== product.brand) changes.brand = input.brand;
      if (dirtyFields.category && input.category) changes.category = input.category;
      // A spec is sent when its text differs from the stored one: a field react-hook-form merely counts as dirty
      // (one that appeared empty before the details arrived) must not clear what is stored.
      const editedSpecs = Object.entries(input.specs ?? {}).filter(
        ([key]) => dirtyFields.specs?.[key] && (specs[key] ?? '').trim() !== (loadedSpecs?.[key] ?? ''),
      );
      if (editedSpecs.length) changes.specs = Object.fromEntries(editedSpecs);
      if (dirtyFields.name && values.name !== product.name) changes.name = values.name;
      if (dirtyFields.price && values.price !== product.price) changes.price = values.price;
      if (dirtyFields.quantity && values.quantity !== product.quantity) changes.quantity = values.quantity;
      if (dirtyFields.minOrder && values.minOrder !== product.minOrder) changes.minOrder = values.minOrder;
      if (dirtyFields.desc && values.desc !== product.desc) changes.desc = values.desc;
      if (dirtyFields.lowStockThreshold && values.lowStockThreshold !== product.lowStockThreshold)
        changes.lowStockThreshold = values.lowStockThreshold;
      if (packSize !== (pricing?.packSize ?? 1)) changes.packSize = packSize;
      // Shipping data: each field the admin changed (null clears a number).
      for (const key of shippingKeys)
        if (dirtyFields[key] && values[key] !== (product[key] ?? defaultShipping[key]))
          Object.assign(changes, { [key]: values[key] });
      // The breaks are replaced as a whole, so any difference sends them all (none left: an empty list removes them).
      if (JSON.stringify(priceBreaks) !== JSON.stringify(pricing?.priceBreaks ?? []))
        changes.priceBreaks = priceBreaks;
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
        showApiError(e, setError, formFieldOfApiField);
      }
    },
  );

  return (
    <Modal title={`Edit ${product.name}`} busy={isSubmitting} onClose={onClose}>
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
          <ProductFields
            mode="edit"
            current={{ src: product.img, alt: `Current image of ${product.name}` }}
            priceBreaks={loadedBreaks}
          />
          <CatalogueFields />
          <FormError message={errors.root?.server?.message} />
          <ModalFormActions
            busy={isSubmitting}
            // Saving before the current specs and price breaks are known could overwrite them.
            submitDisabled={detail.isPending}
            onCancel={onClose}
            submitLabel="Save changes"
          />
        </form>
      </FormProvider>
    </Modal>
  );
}
