import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { isUnitKind, type UnitSystem } from '@shared/catalogue/units';
import { messages } from '@shared/messages';
import { paths } from '@/config/paths';
import { FormError } from '@/components/ui/error-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { showApiError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { uploadImage } from '@/lib/upload-image';
import { useCreateProduct } from '../api/create-product';
import { useAdminCategories } from '../api/admin-categories';
import { convertShownShipping, toApiShipping, type ShippingMeasure } from '../lib/shipping-units';
import { boundToShown, shownToBound, useUnitSystem } from '../lib/units';
import { CatalogueFields } from './catalogue-fields';
import { emptyCatalogue, toCatalogueInput } from './catalogue-values';
import { ProductFields } from './product-fields';
import { UnitToggle } from './unit-toggle';
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

const shippingMeasures: [keyof AddProductFormInput & string, ShippingMeasure][] = [
  ['shippingWeightLb', 'weight'],
  ['lengthIn', 'length'],
  ['widthIn', 'length'],
  ['heightIn', 'length'],
];

/**
 * Add A Product: every field required with the shop's messages, plus the server's numeric rules. The image is
 * uploaded first (POST /api/images), then the product is created with its URL. Specs and shipping boxes are typed in
 * the units of the catalogue's metric/imperial toggle (shown here too); a product added is named, with its link, at
 * the top of the form, where the view returns for the next one.
 */
export function AddProductForm() {
  const createProduct = useCreateProduct();
  const categories = useAdminCategories();
  const system = useUnitSystem();
  // A new key clears the file input and its preview after a product is added.
  const [imageKey, setImageKey] = useState(0);
  const [added, setAdded] = useState<{ id: string; name: string }>();
  const addedRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: empty,
  });
  const {
    handleSubmit,
    setError,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  // What is typed already keeps its amount when the units change: 10 kg becomes 22.05 lb, not 10 lb.
  const shownIn = useRef<UnitSystem>(system);
  useEffect(() => {
    const from = shownIn.current;
    if (from === system) return;
    shownIn.current = system;
    for (const [name, measure] of shippingMeasures) {
      const text = getValues(name);
      if (typeof text === 'string') setValue(name, convertShownShipping(measure, text, from, system));
    }
    const category = categories.data?.find((c) => c.slug === getValues('category'));
    for (const a of category?.attributes ?? []) {
      if (a.type !== 'number' || !isUnitKind(a.unitKind)) continue;
      const text = getValues(`specs.${a.key}`) ?? '';
      const canonical = shownToBound(a.unitKind, text, from);
      if (canonical !== null) setValue(`specs.${a.key}`, boundToShown(a.unitKind, canonical, system));
    }
  }, [system, categories.data, getValues, setValue]);

  // The next product starts at the top, where the message about the last one is read first.
  useEffect(() => {
    if (!added) return;
    addedRef.current?.scrollIntoView?.({ block: 'start' });
    addedRef.current?.focus({ preventScroll: true });
  }, [added]);

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
        const created = await createProduct({
          ...values,
          // Shipping data only as given: a parcel without backorders sends none (the server's defaults).
          ...given({
            shippingWeightLb: toApiShipping('weight', shippingWeightLb, system),
            lengthIn: toApiShipping('length', lengthIn, system),
            widthIn: toApiShipping('length', widthIn, system),
            heightIn: toApiShipping('length', heightIn, system),
            freightClass,
            leadTimeDays,
          }),
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
        setAdded({ id: created.insertedId, name: created.product.name });
      } catch (e) {
        showApiError(e, setError, formFieldOfApiField);
      }
    },
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex max-w-2xl scroll-mt-20 flex-col gap-4">
        {added && (
          <p
            ref={addedRef}
            key={added.id}
            role="status"
            tabIndex={-1}
            className="alert alert-success scroll-mt-20 focus:outline-2"
          >
            <span>
              Added{' '}
              <Link to={paths.product(added.id)} className="link font-semibold">
                {added.name}
              </Link>{' '}
              to the catalogue. The form is ready for the next product.
            </span>
          </p>
        )}
        <UnitToggle />
        <ProductFields mode="add" imageKey={imageKey} system={system} />
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
