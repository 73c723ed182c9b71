import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CheckoutCreate } from '@shared/checkout/checkout.schema';
import type { UsAddress } from '@shared/common/us-address';
import type { Rates } from '@shared/orders/delivery.schema';
import {
  deliveryFormDefaults,
  deliveryFormField,
  deliveryFormMessages,
  deliveryFormSchema,
  deliveryInput,
} from './delivery-form';
import { ratesReady } from './shipping-rates';
import { useApiForm } from './use-api-form';
import { usePrefill } from './use-prefill';

/**
 * The delivery form of the cart's checkout and of a quote's acceptance: the form itself, the profile's phone filled
 * in, an untouched address filled once from `address` (a saved or profile address, when it arrives), and where it
 * ships as the rates calls take it. The caller asks its own rates call with `destination`.
 */
export function useDeliveryForm({
  phone,
  address,
  locations = [],
}: {
  phone?: string | undefined;
  address?: Partial<Record<keyof UsAddress, string>> | undefined;
  /** The buyer's company's locations: an address that is one of them is sent as its `locationId` (decision 039). */
  locations?: readonly (Record<keyof UsAddress, string> & { _id: string })[] | undefined;
}) {
  const form = useApiForm(deliveryFormSchema, {
    defaultValues: deliveryFormDefaults,
    formField: deliveryFormField,
  });
  const { getValues, setValue, control } = form;
  usePrefill({ getValues, setValue }, { number: phone });
  const addressKey = JSON.stringify(address ?? null);
  useEffect(() => {
    const now = getValues('shipTo');
    if (!address || now.street || now.city || now.state || now.zip) return;
    for (const key of ['street', 'city', 'state', 'zip'] as const) {
      const value = address[key];
      if (value) setValue(`shipTo.${key}`, value);
    }
    // `addressKey` stands for `address`, a fresh object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressKey, getValues, setValue]);

  const [street, city, state, zip, liftgate, residential] = useWatch({
    control,
    name: ['shipTo.street', 'shipTo.city', 'shipTo.state', 'shipTo.zip', 'liftgate', 'residential'],
  });
  // Matched on the address shown, so editing any part of a location's address makes it an address of one's own.
  const locationId = locations.find(
    (l) => l.street === street && l.city === city && l.state === state && l.zip === zip.trim(),
  )?._id;
  return {
    form,
    /** Whether the address names a state and its ZIP, so rates can be asked. */
    ready: !!state && ratesReady(zip, state),
    /** The company location the address is, if it is one: rates and the checkout are asked for it. */
    locationId,
    destination: {
      zip: zip.trim(),
      ...(state && { state }),
      liftgate: !!liftgate,
      residential: !!residential,
      ...(locationId && { locationId }),
    },
  };
}

export type DeliveryForm = ReturnType<typeof useDeliveryForm>;

/**
 * The form's submit: it waits for the rates of the address shown, asks for a method when the shop offers some,
 * then hands `send` the call's body. What `send` throws is shown as the API's refusal; `onFailure` runs after.
 */
export function submitDelivery(
  { form, ready, locationId }: DeliveryForm,
  rates: UseQueryResult<Rates>,
  send: (input: CheckoutCreate) => Promise<void>,
  onFailure?: (error: unknown) => unknown,
) {
  return form.submitWith(async (values) => {
    if (!ready || rates.isFetching || !rates.data) {
      form.setError('root.server', {
        message: rates.isError ? deliveryFormMessages.ratesFailed : deliveryFormMessages.ratesLoading,
      });
      return;
    }
    const input = deliveryInput(values, rates.data);
    if (!input) {
      form.setError('shippingOption', { message: deliveryFormMessages.chooseMethod }, { shouldFocus: true });
      return;
    }
    await send(locationId ? { ...input, locationId } : input);
  }, onFailure);
}
