import { useEffect, useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { Product, ProductPricingFields } from '@shared/catalogue/catalogue.schema';
import type { ProductShipping } from '@shared/catalogue/product-shipping';
import {
  breaksToCents,
  firstOrderableQuantity,
  packProblem,
  unitPriceCentsAt,
} from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import {
  orderCreateSchema,
  orderTotalCents,
  quantityProblem,
  backorderNote,
  backorderedUnits,
  shipDateAfter,
  totalProblem,
} from '@shared/orders/orders.schema';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { notify } from '@/lib/notify';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { refreshAfterOrderChange } from '@/lib/order-refresh';
import { useCreateOrder } from '../api/create-order';
import { sameNames, sentence } from '@/lib/form-errors';
import { useApiForm } from '@/lib/use-api-form';
import { usePrefill } from '@/lib/use-prefill';
import { paths } from '@/config/paths';
import { destinationOfText, formatUsAddress, usAddressOfText } from '@shared/common/us-address';
import { savedAddressesQueryOptions, shippingCost, useShippingRates } from '@/lib/shipping-rates';
import { ShippingChoice } from '@/components/ui/shipping-methods';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { dollarsToCents, formatCents } from '@shared/common/money';

/** A product as the order modal needs it; pack size and breaks are absent where the API does not send them. */
export type OrderableProduct = Product &
  Partial<ProductPricingFields> &
  Partial<Pick<ProductShipping, 'backorderable' | 'leadTimeDays'>> & { contractPrice?: number | null };

/** The product's lead time when more than its stock may be ordered (decision 037), else null. */
const backorderLeadTime = (p: Pick<OrderableProduct, 'backorderable' | 'leadTimeDays'>) =>
  p.backorderable && p.leadTimeDays !== null && p.leadTimeDays !== undefined ? p.leadTimeDays : null;

/**
 * The unit price (cents) reached at each quantity: the product's price, lowered by its quantity breaks, or the
 * member's contract price when lower (the server's rule, decision 039).
 */
const pricingOf = (product: OrderableProduct) => {
  const base = dollarsToCents(product.price);
  const breaks = breaksToCents(product.priceBreaks ?? []);
  const contract = product.contractPrice == null ? null : dollarsToCents(product.contractPrice);
  const unitCentsAt = (quantity: number) => unitPriceCentsAt(quantity, base, breaks, contract);
  return {
    base,
    unitCentsAt,
    savingCentsAt: (quantity: number) => quantity * (base - unitCentsAt(quantity)),
  };
};

/** Order rules: the shared schema's number and address, and the quantity checked against this product. */
const orderFormSchema = (product: OrderableProduct) =>
  z.object({
    quantity: z
      .number({ error: messages.quantityRequired })
      .int({ error: 'Quantity must be a whole number' })
      .superRefine((quantity, ctx) => {
        const problem =
          quantityProblem(quantity, {
            ...product,
            quantity: backorderLeadTime(product) === null ? product.quantity : Number.MAX_SAFE_INTEGER,
          }) ??
          (quantity <= 0
            ? messages.quantityRequired
            : totalProblem(quantity, pricingOf(product).unitCentsAt(quantity)));
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    number: orderCreateSchema.shape.number,
    address: orderCreateSchema.shape.address,
    // Added to the spec's form: how it ships, once the address names a state and ZIP (decision 037).
    shippingOption: z.string().nullable(),
    liftgate: z.boolean(),
    residential: z.boolean(),
  });
const fields = ['quantity', 'number', 'address', 'shippingOption'] as const;

/** Whether the product has enough stock for its minimum order, counted in whole packs (as the server counts it). */
export const canOrder = (
  product: Pick<OrderableProduct, 'quantity' | 'minOrder' | 'packSize' | 'backorderable' | 'leadTimeDays'>,
) =>
  backorderLeadTime(product) !== null ||
  (product.quantity > 0 &&
    product.quantity >=
      firstOrderableQuantity({ minOrder: product.minOrder, packSize: product.packSize ?? 1 }));

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
  const pricing = pricingOf(product);
  const createOrder = useCreateOrder();
  const queryClient = useQueryClient();
  const totalId = useId();
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
    formField: sameNames(fields),
  });
  usePrefill({ getValues, setValue }, { number: customer.phone, address: customer.address });

  const [quantity, address, shippingOption, liftgate, residential] = useWatch({
    control,
    name: ['quantity', 'address', 'shippingOption', 'liftgate', 'residential'],
  });
  const valid = Number.isFinite(quantity) && quantity > 0;
  const unitCents = valid ? pricing.unitCentsAt(quantity) : pricing.base;
  const totalCents = valid ? orderTotalCents(quantity, unitCents) : null;
  const saving = valid ? pricing.savingCentsAt(quantity) : 0;
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
          {saving > 0 && (
            <p className="rounded-box bg-success/10 px-4 py-3">
              Unit price {formatCents(unitCents)} at this quantity — you save {formatCents(saving)}
            </p>
          )}
        </div>
        <p className="flex items-baseline justify-between gap-3 rounded-box bg-base-200 px-4 py-3">
          <span id={totalId} className="font-medium">
            Total
          </span>
          <output aria-labelledby={totalId} aria-live="polite" className="text-xl font-bold text-primary">
            {/* With a way to ship chosen, what the payment page will charge: goods, shipping and tax. */}
            {totalCents === null ? '—' : chosen ? formatCents(chosen.totalCents) : formatCents(totalCents)}
          </output>
        </p>
        {totalCents !== null && chosen && chosen.totalCents !== totalCents && (
          <p className="-mt-3 text-right text-sm text-base-content/75">
            Goods {formatCents(totalCents)}, shipping {shippingCost(chosen.shippingCents)}, tax{' '}
            {formatCents(chosen.taxCents)}
          </p>
        )}
        {to && valid && (
          <>
            <ShippingChoice
              headingId={`${totalId}-shipping`}
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

/** What the chosen method adds: shipping and tax, charged with the goods on the payment page. */
function ShippingNote({
  to,
  option,
}: {
  to: { state: string; zip: string };
  option: { name: string; shippingCents: number; taxCents: number; totalCents: number };
}) {
  return (
    <p role="status" className="text-sm text-base-content/75">
      {`Shipping to ${to.state} ${to.zip}: ${shippingCost(option.shippingCents)} (${option.name}), tax ${formatCents(option.taxCents)}; total ${formatCents(option.totalCents)} on the payment page.`}
    </p>
  );
}
