import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { refusedLinesOf, type CheckoutLineProblem } from '@shared/checkout/checkout.schema';
import type { Quote } from '@shared/quotes/quotes.schema';
import { ApiError } from '@/lib/api-client';
import { DeliveryFields } from '@/components/ui/delivery-fields';
import { FormError } from '@/components/ui/error-text';
import { PagedList } from '@/components/ui/paged-list';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { usAddressPartsOfText } from '@/lib/delivery-form';
import { savedAddressesQueryOptions } from '@/lib/shipping-rates';
import { submitDelivery, useDeliveryForm } from '@/lib/use-delivery-form';
import { useListState } from '@/lib/use-list-state';
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
  const addresses = useQuery(savedAddressesQueryOptions(quote.email));
  // Once they are known: the most recent saved address into an untouched address, else what the profile's says.
  const delivery = useDeliveryForm({
    phone: saved?.phone,
    address: addresses.isPending
      ? undefined
      : (addresses.data?.[0] ?? (saved?.address ? usAddressPartsOfText(saved.address) : undefined)),
  });
  const rates = useQuoteShippingRates(quote._id, delivery.destination);
  const onSubmit = submitDelivery(
    delivery,
    rates,
    async (input) => {
      setProblems([]);
      const checkout = await accept(quote._id, input);
      navigate(paths.checkoutPayment(checkout._id));
    },
    (e) => setProblems((e instanceof ApiError ? refusedLinesOf(e.body) : undefined) ?? []),
  );
  const {
    formState: { errors, isSubmitting },
  } = delivery.form;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Delivery details for this quote"
      className="mt-4 flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <DeliveryFields
        delivery={delivery}
        rates={rates}
        subtotal={quote.total ?? 0}
        savedAddresses={addresses.data}
        headingId={`${ids}-shipping`}
        headingLevel={3}
        autoFocus
      />
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
