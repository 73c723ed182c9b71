import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutCalls } from '@shared/checkout/checkout.calls';
import { stateOfZip } from '@shared/common/us-address';
import type { Rates, RatesRequest, ShippingOptionView } from '@shared/orders/delivery.schema';
import { callApi } from './call-api';
import { formatCents } from '@shared/common/money';
import { shippingKeys } from './query-keys/shipping';

/** POST /api/shipping-rates/{email}: the ways the cart (or one product line) ships to a ZIP, cheapest first. */
export const getShippingRates = (email: string, body: RatesRequest) =>
  callApi(checkoutCalls.rates, { params: { email }, body });

/** GET /api/addresses/{email}: the caller's saved delivery addresses, most recently used first. */
export const getSavedAddresses = (email: string) => callApi(checkoutCalls.addresses, { params: { email } });

export const savedAddressesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: shippingKeys.addresses(email),
    queryFn: () => getSavedAddresses(email),
    enabled: !!email,
  });

/** Whether a ZIP (and its state, when given) is worth asking rates for. */
export const ratesReady = (zip: string, state?: string) => {
  const of = stateOfZip(zip.trim());
  return !!of && /^\d{5}(-\d{4})?$/.test(zip.trim()) && (!state || state === of);
};

export const shippingRatesQueryOptions = (email: string, body: RatesRequest) =>
  queryOptions({
    queryKey: shippingKeys.rates(email, body),
    queryFn: () => getShippingRates(email, body),
    enabled: !!email && ratesReady(body.zip, body.state),
    staleTime: 60_000,
  });

/** The rates for a request, fetched once its fields have stopped changing for `delay` ms. */
export function useShippingRates(email: string, body: RatesRequest, { delay = 400, enabled = true } = {}) {
  const debounced = useDebounced(body, delay);
  const options = shippingRatesQueryOptions(email, debounced);
  return useQuery({
    ...options,
    enabled: enabled && options.enabled,
    placeholderData: sameAddressPlaceholder(debounced.zip),
  });
}

/**
 * While a surcharge (liftgate, residential) or a quantity changes, the last rates for the same ZIP stay shown until
 * the new ones arrive, instead of a blank price summary in between; the query is fetching meanwhile, so a form
 * does not submit them. Another ZIP shows nothing old.
 */
export const sameAddressPlaceholder = (zip: string) => (previous: Rates | undefined) =>
  previous && previous.destination.zip === zip.trim().slice(0, 5) ? previous : undefined;

/** A value that follows `value` once it has not changed for `delay` ms (compared by its JSON). */
export function useDebounced<T>(value: T, delay: number) {
  const key = JSON.stringify(value);
  const [state, setState] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setState(JSON.parse(key) as T), delay);
    return () => clearTimeout(t);
  }, [key, delay]);
  return state;
}

/** "2–5 business days", or for a pickup "Ready in 4 hours at 1 Depot Road, Dallas, TX 75201". */
export function deliveryEstimate(o: Pick<ShippingOptionView, 'minDays' | 'maxDays' | 'pickupLocation'>) {
  const p = o.pickupLocation;
  if (p)
    return `Ready in ${p.readyHours} ${p.readyHours === 1 ? 'hour' : 'hours'} at ${p.street}, ${p.city}, ${p.state} ${p.zip}`;
  return businessDays(o.minDays, o.maxDays);
}

export const businessDays = (min: number, max: number) =>
  min === max ? `${min} business ${min === 1 ? 'day' : 'days'}` : `${min}–${max} business days`;

/** A shipping cost in cents: "Free" when nothing. */
export const shippingCost = (cents: number) => (cents === 0 ? 'Free' : formatCents(cents));

export const noShippingMethodNote = 'Shipping is arranged after your order; you pay for the goods only.';
