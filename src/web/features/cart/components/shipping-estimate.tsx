import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { textAbout } from '@/lib/form-errors';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/error-text';
import { formatCents } from '@shared/common/money';
import {
  deliveryEstimate,
  getShippingRates,
  noShippingMethodNote,
  ratesReady,
  shippingCost,
} from '@/lib/shipping-rates';

export const estimateMessages = { zip: 'Enter a 5-digit US ZIP code' } as const;

/**
 * "Estimate shipping and tax": the cart priced to a ZIP, the cheapest method with its tax and total, and the others
 * below. `totalCents` is the cart's: when it changes, the estimate is dropped (it would be stale).
 */
export function ShippingEstimate({ email, totalCents }: { email: string; totalCents: number }) {
  const headingId = useId();
  const [zip, setZip] = useState('');
  const [zipError, setZipError] = useState<string>();
  const estimate = useMutation({ mutationFn: (z: string) => getShippingRates(email, { zip: z }) });
  const { reset } = estimate;
  useEffect(() => reset(), [totalCents, reset]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ratesReady(zip)) {
      setZipError(estimateMessages.zip);
      return;
    }
    setZipError(undefined);
    estimate.mutate(zip.trim(), {
      onError: (err) => {
        if (err instanceof ApiError && err.field === 'zip') setZipError(textAbout(err.message, 'zip'));
      },
    });
  };
  const fieldError = estimate.error instanceof ApiError && estimate.error.field === 'zip';
  const [cheapest, ...others] = estimate.data?.options ?? [];

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 ml-auto max-w-md rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id={headingId} className="font-semibold">
        Estimate shipping and tax
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-2 flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            value={zip}
            onChange={(e) => setZip(e.target.value)}
            error={zipError}
          />
        </div>
        <button type="submit" className="btn btn-outline" disabled={estimate.isPending}>
          {estimate.isPending && <span aria-hidden="true" className="loading loading-spinner loading-sm" />}
          Estimate
        </button>
      </form>
      <FormError message={estimate.isError && !fieldError ? estimate.error.message : undefined} />
      <div role="status" className="mt-2">
        {estimate.isPending && <span className="sr-only">Estimating…</span>}
        {estimate.data &&
          (cheapest ? (
            <>
              <dl aria-label="Cheapest estimate" className="grid grid-cols-[1fr_auto] gap-x-4">
                <dt>Shipping ({cheapest.name})</dt>
                <dd className="text-right">{shippingCost(cheapest.shippingCents)}</dd>
                <dt>
                  {estimate.data.exemptionNumber
                    ? `Tax exempt (certificate ${estimate.data.exemptionNumber})`
                    : 'Tax'}
                </dt>
                <dd className="text-right">{formatCents(cheapest.taxCents)}</dd>
                <dt className="font-semibold">Estimated total</dt>
                <dd className="text-right font-semibold">{formatCents(cheapest.totalCents)}</dd>
              </dl>
              <p className="text-sm text-base-content/75">{deliveryEstimate(cheapest)}</p>
              {others.length > 0 && (
                <ul aria-label="Other shipping methods" className="mt-2 list-disc pl-5 text-sm">
                  {others.map((o) => (
                    <li key={o.optionId}>
                      {o.name}: {shippingCost(o.shippingCents)} shipping, {formatCents(o.totalCents)} in all (
                      {deliveryEstimate(o)})
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <p>{noShippingMethodNote}</p>
          ))}
      </div>
    </section>
  );
}
