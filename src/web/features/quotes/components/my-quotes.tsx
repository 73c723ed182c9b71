import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { refusedLinesOf, type CheckoutLineProblem } from '@shared/checkout/checkout.schema';
import type { Quote } from '@shared/quotes/quotes.schema';
import { ApiError } from '@/lib/api-client';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { PagedList } from '@/components/ui/paged-list';
import { PriceSummary } from '@/components/ui/price-summary';
import { ShippingChoice } from '@/components/ui/shipping-methods';
import { SubmitButton } from '@/components/ui/submit-button';
import { usAddressParts, UsAddressFields } from '@/components/ui/us-address-fields';
import { paths } from '@/config/paths';
import {
  deliveryFormDefaults,
  deliveryFormField,
  deliveryFormMessages,
  deliveryFormSchema,
  shipToFieldProps,
  deliveryInput,
  usAddressPartsOfText,
} from '@/lib/delivery-form';
import { sentence } from '@/lib/form-errors';
import { ratesReady } from '@/lib/shipping-rates';
import { useApiForm } from '@/lib/use-api-form';
import { useListState } from '@/lib/use-list-state';
import { usePrefill } from '@/lib/use-prefill';
import { useQuoteActions, useQuoteShippingRates, useQuotes } from '../api/quotes';
import { formatDay } from './format-day';
import { QuoteFacts, QuoteHeading, QuoteLinesTable } from './quote-parts';

const limit = 10;

/** The phone and address saved in the customer's profile (the accounts feature's, passed in by the page). */
type Saved = { phone?: string; address?: string } | undefined;

/** The delivery details that turn a quoted request into a checkout at the quoted prices; then the pay page. */
function AcceptForm({ quote, saved, onCancel }: { quote: Quote; saved: Saved; onCancel: () => void }) {
  const { accept } = useQuoteActions();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<CheckoutLineProblem[]>([]);
  const ids = useId();
  const {
    register,
    submitWith,
    getValues,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useApiForm(deliveryFormSchema, {
    defaultValues: deliveryFormDefaults,
    formField: deliveryFormField,
  });
  usePrefill({ getValues, setValue }, { number: saved?.phone });
  // The profile's address, once, into an untouched address: the profile may arrive after the form opened.
  useEffect(() => {
    const now = getValues('shipTo');
    if (!saved?.address || now.street || now.city || now.state || now.zip) return;
    const parts = usAddressPartsOfText(saved.address);
    for (const key of usAddressParts) {
      const value = parts[key];
      if (value) setValue(`shipTo.${key}`, value);
    }
  }, [saved?.address, getValues, setValue]);

  const [state, zip, liftgate, residential, shippingOption] = useWatch({
    control,
    name: ['shipTo.state', 'shipTo.zip', 'liftgate', 'residential', 'shippingOption'],
  });
  const ready = !!state && ratesReady(zip, state);
  const rates = useQuoteShippingRates(quote._id, {
    zip: zip.trim(),
    ...(state && { state }),
    liftgate: !!liftgate,
    residential: !!residential,
  });
  const options = ready ? (rates.data?.options ?? []) : [];
  const chosen = options.find((o) => o.optionId === shippingOption);

  const onSubmit = submitWith(
    async (values) => {
      setProblems([]);
      if (!ready || rates.isFetching || !rates.data) {
        setError('root.server', {
          message: rates.isError ? deliveryFormMessages.ratesFailed : deliveryFormMessages.ratesLoading,
        });
        return;
      }
      const input = deliveryInput(values, rates.data);
      if (!input) {
        setError('shippingOption', { message: deliveryFormMessages.chooseMethod }, { shouldFocus: true });
        return;
      }
      const checkout = await accept(quote._id, input);
      navigate(paths.checkoutPayment(checkout._id));
    },
    (e) => setProblems((e instanceof ApiError ? refusedLinesOf(e.body) : undefined) ?? []),
  );
  const err = (m: string | undefined) => m && sentence(m);
  const subtotal = rates.data && ready ? rates.data.subtotal : (quote.total ?? 0);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Delivery details for this quote"
      className="mt-4 flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        autoFocus
        error={err(errors.number?.message)}
        {...register('number')}
      />
      <UsAddressFields {...shipToFieldProps(register, errors, err)} />
      <ShippingChoice
        headingId={`${ids}-shipping`}
        headingLevel={3}
        ready={ready}
        rates={rates}
        error={err(errors.shippingOption?.message)}
        radio={register('shippingOption')}
        liftgate={register('liftgate')}
        residential={register('residential')}
      />
      <PriceSummary
        label="Order total"
        className="rounded-box border border-base-300 bg-base-100 p-4"
        subtotal={subtotal}
        shipping={chosen?.shipping}
        shippingMethod={chosen?.name}
        tax={chosen?.tax}
        exemptionNumber={ready ? rates.data?.exemptionNumber : undefined}
        total={chosen?.total ?? subtotal}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company (optional)"
          autoComplete="organization"
          error={err(errors.company?.message)}
          {...register('company')}
        />
        <TextField
          label="PO number (optional)"
          autoComplete="off"
          hint="Your purchase order number, printed on the invoice."
          error={err(errors.poNumber?.message)}
          {...register('poNumber')}
        />
      </div>
      <FormError message={errors.root?.server?.message} />
      {problems.length > 0 && (
        <ul aria-label="Lines that cannot be ordered" className="list-disc pl-5 text-sm text-error">
          {problems.map((p) => (
            <li key={p.productId}>
              <span className="font-semibold">{p.name}</span>: {p.problem}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={isSubmitting}>Accept and check out</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
      <p className="text-sm text-base-content/75">
        The stock is held for you while you pay on the next page, at the quoted prices.
      </p>
    </form>
  );
}

/** What the customer can do with the quote now, or why nothing. */
function QuoteOutcome({ quote, saved }: { quote: Quote; saved: Saved }) {
  const [accepting, setAccepting] = useState(false);
  switch (quote.status) {
    case 'requested':
      return <p className="mt-3 text-sm text-base-content/75">Waiting for our answer.</p>;
    case 'quoted':
      return (
        <div className="mt-3">
          {!accepting && (
            <button type="button" className="btn btn-primary" onClick={() => setAccepting(true)}>
              Accept quote
            </button>
          )}
          {accepting && <AcceptForm quote={quote} saved={saved} onCancel={() => setAccepting(false)} />}
        </div>
      );
    case 'accepted':
      return quote.checkoutId ? (
        <Link to={paths.checkoutPayment(quote.checkoutId)} className="btn btn-outline mt-3">
          View its checkout
        </Link>
      ) : null;
    case 'declined':
      return (
        <p className="mt-3 text-sm">
          We declined this request{quote.declineReason ? `: ${quote.declineReason}` : '.'}
        </p>
      );
    case 'expired':
      return (
        <p className="mt-3 text-sm">
          This quote expired{quote.validUntil ? ` after ${formatDay(quote.validUntil)}` : ''}: ask for a new
          one.
        </p>
      );
  }
}

/**
 * My Quotes: the customer's requests for quote, newest first, a page at a time, with what each allows. `saved`
 * fills in the delivery details of an acceptance.
 */
export function MyQuotesList({ saved }: { saved?: Saved }) {
  const list = useListState({});
  const quotes = useQuotes({ limit: String(limit), cursor: list.cursor });
  return (
    <PagedList
      query={quotes}
      noun="quotes"
      limit={limit}
      list={list}
      skeleton={{ count: 3, className: 'h-40' }}
      empty={
        <div className="mt-6 flex flex-col items-start gap-4">
          <p>You have not asked for a quote yet. Ask for one on a product&apos;s page or from your cart.</p>
          <Link to={paths.products} className="btn btn-primary">
            Browse our products
          </Link>
        </div>
      }
    >
      {(items) => (
        <ul className="mt-2 flex flex-col gap-4">
          {items.map((quote) => (
            <li key={quote._id}>
              <article className="rounded-box border border-base-300 bg-base-100 p-4">
                <QuoteHeading quote={quote} />
                <QuoteFacts quote={quote} />
                <QuoteLinesTable quote={quote} />
                <QuoteOutcome quote={quote} saved={saved} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
