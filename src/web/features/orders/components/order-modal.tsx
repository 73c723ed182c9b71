import { useEffect, useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { firstOrderableQuantity, packProblem } from '@shared/catalogue/pricing';
import {
  orderTotalCents,
  backorderNote,
  backorderedUnits,
  shipDateAfter,
} from '@shared/orders/orders.schema';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { notify } from '@/lib/notify';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { refreshAfterOrderChange } from '@/lib/order-refresh';
import { useCreateOrder } from '../api/create-order';
import { useLinePrice } from '../api/price-line';
import { sameNames, sentence } from '@/lib/form-errors';
import { useApiForm } from '@/lib/use-api-form';
import { usePrefill } from '@/lib/use-prefill';
import { paths } from '@/config/paths';
import { destinationOfText, formatUsAddress, usAddressOfText } from '@shared/common/us-address';
import { savedAddressesQueryOptions, useShippingRates } from '@/lib/shipping-rates';
import { ShippingChoice } from '@/components/ui/shipping-methods';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import {
  backorderLeadTime,
  orderFormFields,
  orderFormSchema,
  unitPricing,
  type OrderableProduct,
} from './order-form-rules';
import { OrderTotal, SavingNote, ShippingNote } from './order-modal-summary';

export { canOrder, type OrderableProduct } from './order-form-rules';

/**
 * The signed-in customer: name and email go on the order; the phone and address saved in their profile, if any,
 * fill in the order's number and address.
 */
export interface OrderingCustomer {
  name: string;
  email: string;
  phone?: string;
  address?: string;
}

/**
 * The order modal of the product page. Name and email come from the session (read-only); number and address start
 * as the profile's; the quantity starts at the minimum order (rounded up to a whole pack) and moves by packs; the
 * unit price, the saving and the total follow it. A placed order goes straight to its payment page: it is not
 * confirmed until paid.
 */
export function OrderModal({
  product,
  customer,
  onClose,
}: {
  product: OrderableProduct;
  customer: OrderingCustomer;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const packSize = product.packSize ?? 1;
  const pricing = unitPricing(product);
  const createOrder = useCreateOrder();
  const queryClient = useQueryClient();
  const shippingId = useId();
  const quantityRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    control,
    submitWith,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useApiForm(orderFormSchema(product), {
    defaultValues: {
      quantity: firstOrderableQuantity({ minOrder: product.minOrder, packSize }),
      number: '',
      address: '',
      shippingOption: null,
      liftgate: false,
      residential: false,
    },
    formField: sameNames(orderFormFields),
  });
  usePrefill({ getValues, setValue }, { number: customer.phone, address: customer.address });

  const [quantity, address, shippingOption, liftgate, residential] = useWatch({
    control,
    name: ['quantity', 'address', 'shippingOption', 'liftgate', 'residential'],
  });
  const valid = Number.isFinite(quantity) && quantity > 0;
  // What this quantity costs and saves, and why, as the server prices it; an answer for another quantity is not
  // shown. Until it answers, the page's price breaks give an estimate (a contract price is known only to the server).
  const linePrice = useLinePrice(customer.email, product._id, quantity, { enabled: valid }).data;
  const line = valid && linePrice?.quantity === quantity ? linePrice : undefined;
  const totalCents = !valid
    ? null
    : (line?.lineTotalCents ?? orderTotalCents(quantity, pricing.unitCentsAt(quantity)));
  const lead = backorderLeadTime(product);
  const backorder =
    valid && lead !== null
      ? backorderNote({
          backorderedQuantity: backorderedUnits(quantity, product.quantity),
          expectedShipOn: shipDateAfter(lead),
        })
      : null;
  // A part pack is told while typing, not only on Place order: the step buttons cannot reach it, typing can.
  const quantityError =
    errors.quantity?.message ?? (valid ? packProblem(quantity, packSize) : null) ?? undefined;

  // The ways this line ships to the state and ZIP the address names, priced with its tax.
  const to = destinationOfText(address ?? '');
  const rates = useShippingRates(
    customer.email,
    {
      zip: to?.zip ?? '',
      ...(to && { state: to.state }),
      productId: product._id,
      quantity: valid ? quantity : 1,
      liftgate: !!liftgate,
      residential: !!residential,
    },
    { enabled: !!to && valid },
  );
  const options = to && valid ? (rates.data?.options ?? []) : [];
  const chosen = options.find((o) => o.optionId === shippingOption);
  // Until the customer picks one, the method the server would use anyway: the cheapest that delivers.
  const fallback = options.filter((o) => o.kind !== 'pickup').sort((a, b) => a.total - b.total)[0];
  useEffect(() => {
    if (!chosen && fallback) setValue('shippingOption', fallback.optionId);
  }, [chosen, fallback, setValue]);

  // The addresses the customer shipped to before (checkout, quotes, this form): one pick writes the spec's field.
  const savedAddresses = useQuery(savedAddressesQueryOptions(customer.email)).data ?? [];
  const savedChoice = savedAddresses.find((a) => formatUsAddress(a) === address?.trim())?._id ?? '';

  const onSubmit = submitWith(
    async (values) => {
      // "street, city, ST ZIP" is also sent structured, so the server saves it for the next order (decision 037).
      const shipTo = usAddressOfText(values.address);
      const created = await createOrder.mutateAsync({
        productId: product._id,
        quantity: values.quantity,
        number: values.number,
        address: values.address,
        ...(shipTo && { shipTo }),
        ...(chosen && { shippingOption: chosen.optionId }),
        ...(options.some((o) => o.kind === 'freight') && {
          liftgate: values.liftgate,
          residential: values.residential,
        }),
        // Extra fields, ignored by the server (it uses the session and the catalogue).
        name: customer.name,
        email: customer.email,
        productName: product.name,
        price: product.price,
        paymentStatus: false,
        orderStatus: 'Pending',
        review: false,
      });
      void notify('success', created.message);
      onClose();
      navigate(paths.payment(created.insertedId));
    },
    // 409: the stock changed meanwhile; the product page shows the new stock.
    (e) => e instanceof ApiError && e.status === 409 && refreshAfterOrderChange(queryClient, product._id),
  );

  const quantityField = register('quantity', { valueAsNumber: true });

  return (
    <Modal title={`Order ${product.name}`} busy={isSubmitting} initialFocus={quantityRef} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" value={customer.name} readOnly autoComplete="off" />
          <TextField label="Email" type="email" value={customer.email} readOnly autoComplete="off" />
        </div>
        <TextField label="Product" value={product.name} readOnly autoComplete="off" />
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={product.minOrder}
          max={lead === null ? product.quantity : undefined}
          step={packSize}
          hint={`Minimum order ${product.minOrder}, ${product.quantity} in stock, ${formatPrice(product.price)} each${packSize > 1 ? `, sold in packs of ${packSize}` : ''}.`}
          error={quantityError}
          {...quantityField}
          ref={(el) => {
            quantityField.ref(el);
            quantityRef.current = el;
          }}
        />
        <TextField
          label="Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.number?.message && sentence(errors.number.message)}
          {...register('number')}
        />
        {savedAddresses.length > 0 && (
          // Not "Saved addresses": a label holding "address" would make the spec's Address ambiguous to find.
          <SelectField
            label="Deliver to"
            value={savedChoice}
            onChange={(e) => {
              const a = savedAddresses.find((x) => x._id === e.target.value);
              if (a) setValue('address', formatUsAddress(a), { shouldValidate: !!errors.address });
            }}
          >
            <option value="">The address below</option>
            {savedAddresses.map((a) => (
              <option key={a._id} value={a._id}>
                {formatUsAddress(a)}
              </option>
            ))}
          </SelectField>
        )}
        <TextAreaField
          label="Address"
          autoComplete="street-address"
          hint="Street, city, state and ZIP (100 Main St, Dallas, TX 75201) price the shipping and tax."
          error={errors.address?.message && sentence(errors.address.message)}
          {...register('address')}
        />
        <div aria-live="polite">
          {backorder && <p className="rounded-box bg-warning/10 px-4 py-3">{backorder}</p>}
          <SavingNote line={line} />
        </div>
        <OrderTotal goodsCents={totalCents} chosen={chosen} />
        {to && valid && (
          <>
            <ShippingChoice
              headingId={shippingId}
              headingLevel={3}
              ready
              rates={rates}
              error={errors.shippingOption?.message && sentence(errors.shippingOption.message)}
              radio={register('shippingOption')}
              liftgate={register('liftgate')}
              residential={register('residential')}
            />
            {chosen && <ShippingNote to={to} option={chosen} />}
          </>
        )}
        <FormError message={errors.root?.server?.message} />
        <ModalFormActions busy={isSubmitting} onCancel={onClose} submitLabel="Place order" />
      </form>
    </Modal>
  );
}
