import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { checkoutMessages, type CheckoutLineProblem } from '@shared/checkout/checkout.schema';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Cart } from '@shared/cart/cart.schema';
import { ErrorState } from '@/components/ui/error-state';
import { FormError } from '@/components/ui/error-text';
import { DeliveryFields } from '@/components/ui/delivery-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { usAddressPartsOfText } from '@/lib/delivery-form';
import { savedAddressesQueryOptions, useShippingRates } from '@/lib/shipping-rates';
import { submitDelivery, useDeliveryForm } from '@/lib/use-delivery-form';
import { backorderNote } from '@shared/orders/orders.schema';
import { checkoutLineProblems, useCreateCheckout } from '../api/checkout';
import { formatCents } from '@shared/common/money';
import { useCompanyLocations } from '../api/company-locations';

/** The cart as it will be ordered: every line with its quantity, unit price and total, and the cart's total. */
function CartSummary({ cart }: { cart: Cart }) {
  return (
    <section
      aria-labelledby="checkout-summary"
      className="rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="checkout-summary" className="text-lg font-semibold">
        Your order
      </h2>
      <ul className="mt-3 divide-y divide-base-300">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{line.name}</span>{' '}
              <span className="text-sm whitespace-nowrap text-base-content/75">
                {formatCount(line.quantity)} × {formatCents(line.unitPriceCents)}
              </span>
              {line.backordered ? (
                <span className="block text-sm text-base-content/75">
                  {backorderNote({
                    backorderedQuantity: line.backordered,
                    expectedShipOn: line.expectedShipOn,
                  })}
                </span>
              ) : null}
            </span>
            <span className="font-semibold whitespace-nowrap">{formatCents(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-baseline justify-between gap-3 border-t border-base-300 pt-3">
        <span className="font-medium">Subtotal</span>
        <span className="text-xl font-bold text-primary">{formatCents(cart.totalCents)}</span>
      </p>
    </section>
  );
}

/** The server refused some lines (409): nothing was ordered; each line says why, and the cart is where to fix it. */
function LineProblems({ lines }: { lines: CheckoutLineProblem[] }) {
  return (
    <div className="alert alert-error alert-soft flex flex-col items-start gap-2 text-base-content">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {checkoutMessages.linesProblem}
      </p>
      <ul role="alert" aria-label="Lines that cannot be ordered" className="list-disc pl-5">
        {lines.map((line) => (
          <li key={line.productId}>
            <span className="font-semibold">{line.name}</span>: {line.problem}
          </li>
        ))}
      </ul>
      <Link to={paths.cart} className="btn btn-sm">
        Back to the cart
      </Link>
    </div>
  );
}

/**
 * The cart's checkout: a structured US delivery address (and an optional company and PO number) for every line,
 * the shipping method priced for it with its tax, then one payment on the next page. The number starts as the
 * profile's; the address as the most recently used one.
 */
export function CheckoutForm({
  email,
  cart,
  saved,
}: {
  email: string;
  /** The phone and address saved in the customer's profile (the accounts feature's, passed in by the page). */
  saved?: { phone?: string; address?: string };
  /** The customer's cart query (the cart feature's, passed in by the page). */
  cart: UseQueryResult<Cart>;
}) {
  const createCheckout = useCreateCheckout();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<CheckoutLineProblem[] | null>(null);
  const addresses = useQuery(savedAddressesQueryOptions(email));
  const savedAddresses = addresses.data;
  const locations = useCompanyLocations().data;
  // Once they are known: the most recent saved address into an untouched address, else what the profile's says.
  const delivery = useDeliveryForm({
    phone: saved?.phone,
    locations,
    address: addresses.isPending
      ? undefined
      : (savedAddresses?.[0] ?? (saved?.address ? usAddressPartsOfText(saved.address) : undefined)),
  });
  const rates = useShippingRates(email, delivery.destination);

  const onSubmit = submitDelivery(delivery, rates, async (input) => {
    setProblems(null);
    try {
      const checkout = await createCheckout.mutateAsync({ email, input });
      navigate(paths.checkoutPayment(checkout._id));
    } catch (e) {
      const lines = checkoutLineProblems(e);
      if (!lines) throw e;
      setProblems(lines);
    }
  });
  const {
    formState: { errors, isSubmitting },
  } = delivery.form;

  if (cart.isPending)
    return (
      <div role="status" className="mt-6 space-y-3">
        <span className="sr-only">Loading your cart…</span>
        <div aria-hidden="true" className="skeleton h-32 w-full" />
        <div aria-hidden="true" className="skeleton h-64 w-full" />
      </div>
    );
  if (cart.isError)
    return (
      <ErrorState
        message={`We could not load your cart. ${cart.error.message}`}
        onRetry={() => void cart.refetch()}
      />
    );
  if (cart.data.count === 0 && !problems)
    return (
      <div className="mt-6 flex flex-col items-start gap-4">
        <p>{checkoutMessages.emptyCart}</p>
        <Link to={paths.products} className="btn btn-primary">
          Browse our products
        </Link>
      </div>
    );

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <form noValidate onSubmit={onSubmit} aria-label="Delivery details" className="flex flex-col gap-4">
        {problems && <LineProblems lines={problems} />}
        <DeliveryFields
          delivery={delivery}
          rates={rates}
          subtotal={cart.data.total}
          savedAddresses={savedAddresses}
          locations={locations}
          headingId="checkout-shipping"
        />
        <FormError message={errors.root?.server?.message} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={isSubmitting}>Place order</SubmitButton>
          <Link to={paths.cart} className="btn btn-ghost">
            Back to the cart
          </Link>
        </div>
        <p className="text-sm text-base-content/75">
          The stock is held for you while you pay on the next page, with one card payment for every line.
        </p>
      </form>
      <CartSummary cart={cart.data} />
    </div>
  );
}
