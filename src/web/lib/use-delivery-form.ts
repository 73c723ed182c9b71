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
}: {
  phone?: string | undefined;
  address?: Partial<Record<keyof UsAddress, string>> | undefined;
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

  const [state, zip, liftgate, residential] = useWatch({
    control,
    name: ['shipTo.state', 'shipTo.zip', 'liftgate', 'residential'],
  });
  return {
    form,
    /** Whether the address names a state and its ZIP, so rates can be asked. */
    ready: !!state && ratesReady(zip, state),
    destination: {
      zip: zip.trim(),
      ...(state && { state }),
      liftgate: !!liftgate,
      residential: !!residential,
    },
  };
}

export type DeliveryForm = ReturnType<typeof useDeliveryForm>;

/**
 * The form's submit: it waits for the rates of the address shown, asks for a method when the shop offers some,
 * then hands `send` the call's body. What `send` throws is shown as the API's refusal; `onFailure` runs after.
 */
export function submitDelivery(
  { form, ready }: DeliveryForm,
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
    await send(input);
  }, onFailure);
}
