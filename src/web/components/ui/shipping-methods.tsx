import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Rates } from '@shared/orders/delivery.schema';
import { deliveryEstimate, noShippingMethodNote, shippingCost } from '@/lib/shipping-rates';
import { ErrorState } from './error-state';
import { formatCents } from '@shared/common/money';
import { ErrorText } from './error-text';

/** The shipping methods for an address, one radio each: name, delivery estimate and cost. */
export function ShippingMethods({
  rates,
  error,
  radio,
}: {
  rates: Rates;
  error: string | undefined;
  /** The radios' control props (react-hook-form's `register()` result); each radio's value is its option's id. */
  radio: UseFormRegisterReturn;
}) {
  const ids = useId();
  const notice = rates.notice && (
    <p role="status" className="rounded-box border border-warning bg-base-200 p-3">
      {rates.notice}
    </p>
  );
  if (rates.options.length === 0)
    return (
      notice ?? (
        <p role="status" className="rounded-box border border-base-300 bg-base-200 p-3">
          {noShippingMethodNote}
        </p>
      )
    );
  const errorId = `${ids}-shipping-method-error`;
  return (
    <>
      {notice}
      <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Shipping method</legend>
        {rates.options.map((o) => {
          const detail = `${ids}-shipping-option-${o.optionId}-detail`;
          return (
            <label
              key={o.optionId}
              className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary"
            >
              <input
                type="radio"
                className="radio radio-primary mt-1"
                value={o.optionId}
                aria-describedby={detail}
                {...radio}
              />
              <span className="flex flex-1 flex-wrap items-baseline justify-between gap-2">
                <span>
                  <span className="font-medium">{o.name}</span>
                  <span id={detail} className="block text-sm text-base-content/75">
                    {deliveryEstimate(o)}
                  </span>
                </span>
                <span className="font-semibold whitespace-nowrap">{shippingCost(o.shippingCents)}</span>
              </span>
            </label>
          );
        })}
        <ErrorText id={errorId} error={error} />
      </fieldset>
    </>
  );
}

/** A freight extra's price beside its checkbox: what it adds to the freight methods. */
const surcharge = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : 'no charge');

/**
 * A sale's "Shipping" section: what to enter first, the methods priced for the address (with the freight extras
 * when a freight method is offered), or why they are not shown.
 */
export function ShippingChoice({
  headingId,
  headingLevel = 2,
  ready,
  rates,
  error,
  radio,
  liftgate,
  residential,
}: {
  headingId: string;
  /** The form's place in the page's outline: 3 inside a section headed by an h2. */
  headingLevel?: 2 | 3;
  /** Whether the address is complete enough to price (a state and its ZIP). */
  ready: boolean;
  rates: UseQueryResult<Rates>;
  error: string | undefined;
  radio: UseFormRegisterReturn;
  liftgate: UseFormRegisterReturn;
  residential: UseFormRegisterReturn;
}) {
  const extras = rates.data?.freightExtras ?? null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className="text-lg font-semibold">
        Shipping
      </Heading>
      {!ready ? (
        <p className="text-base-content/75">
          Enter your state and ZIP code to see the shipping methods and the tax.
        </p>
      ) : rates.isPending ? (
        <p role="status" className="flex items-center gap-2">
          <span aria-hidden="true" className="loading loading-spinner loading-sm" />
          Finding shipping methods…
        </p>
      ) : rates.isError ? (
        <ErrorState
          message={`We could not price the shipping. ${rates.error.message}`}
          onRetry={() => void rates.refetch()}
        />
      ) : (
        <>
          <ShippingMethods rates={rates.data} error={error} radio={radio} />
          {extras && (
            <div className="flex flex-col gap-2">
              <label className="flex items-center gap-2">
                <input type="checkbox" className="checkbox" {...liftgate} />
                Liftgate delivery ({surcharge(extras.liftgateCents)})
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" className="checkbox" {...residential} />
                Residential delivery ({surcharge(extras.residentialCents)})
              </label>
              <p className="text-sm text-base-content/75">
                Freight prices change with these; the methods are priced again.
              </p>
            </div>
          )}
          {rates.isFetching && (
            <p role="status" className="text-sm text-base-content/75">
              Updating prices…
            </p>
          )}
        </>
      )}
    </section>
  );
}
