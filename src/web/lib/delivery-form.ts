import { z } from 'zod';
import { checkoutCreateSchema, type CheckoutCreate } from '@shared/checkout/checkout.schema';
import {
  destinationOfText,
  formatUsAddress,
  usAddressOfText,
  usAddressSchema,
  type UsAddress,
} from '@shared/common/us-address';
import type { Rates } from '@shared/orders/delivery.schema';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { UsAddressPart } from '@/components/ui/us-address-fields';

/**
 * The delivery form's own shape, for the cart's checkout and a quote's acceptance alike: the checkout call's fields
 * with a structured address (required here; the spec's free-text `address` is composed from it on sending) and a
 * shipping method that may be unchosen while the rates load.
 */
export const deliveryFormSchema = checkoutCreateSchema
  .omit({ address: true, shipTo: true, shippingOption: true })
  .extend({
    shipTo: usAddressSchema,
    shippingOption: z
      .string()
      .nullish()
      .transform((v) => v || undefined),
  });
export type DeliveryFormValues = z.output<typeof deliveryFormSchema>;

export const deliveryFormDefaults = {
  number: '',
  company: '',
  poNumber: '',
  shipTo: { street: '', city: '', state: '', zip: '' },
  shippingOption: null,
  liftgate: false,
  residential: false,
};

const deliveryFormFields = [
  'number',
  'company',
  'poNumber',
  'shipTo.street',
  'shipTo.city',
  'shipTo.state',
  'shipTo.zip',
  'shippingOption',
  'liftgate',
  'residential',
] as const;

/** The API's field names onto the form's: the composed `address` is the street's. */
export const deliveryFormField = (apiField: string) =>
  apiField === 'address' || apiField === 'shipTo'
    ? ('shipTo.street' as const)
    : deliveryFormFields.find((f) => f === apiField);

export const deliveryFormMessages = {
  chooseMethod: 'Choose a shipping method',
  ratesLoading: 'The shipping methods are still loading; try again in a moment.',
  ratesFailed: 'We could not price the shipping to this address: try again.',
} as const;

/**
 * The checkout call's body from the form: the composed address, the chosen option (none when the shop offers none)
 * and the freight extras when freight was offered. Nothing when a method must be chosen and is not.
 */
export function deliveryInput(values: DeliveryFormValues, rates: Rates): CheckoutCreate | undefined {
  const option = rates.options.find((o) => o.optionId === values.shippingOption);
  if (rates.options.length > 0 && !option) return undefined;
  const { shipTo, shippingOption: _, liftgate, residential, ...rest } = values;
  return {
    ...rest,
    address: formatUsAddress(shipTo),
    shipTo,
    ...(option && { shippingOption: option.optionId }),
    ...(rates.options.some((o) => o.kind === 'freight') && {
      liftgate: !!liftgate,
      residential: !!residential,
    }),
  };
}

/**
 * What a free-text address (a profile's) says of a US address: all four parts when written as `formatUsAddress`
 * writes it, else the state and ZIP it holds, else the text as the street.
 */
export function usAddressPartsOfText(text: string): Partial<UsAddress> {
  const trimmed = text.trim();
  if (!trimmed) return {};
  return usAddressOfText(trimmed) ?? destinationOfText(trimmed) ?? { street: trimmed };
}

/**
 * `UsAddressFields`' props for a delivery form's `shipTo`: each part registered, each error worded by `word`. One
 * wiring for the checkout and the quote's acceptance.
 */
export function shipToFieldProps(
  register: UseFormRegister<z.input<typeof deliveryFormSchema>>,
  errors: FieldErrors<z.input<typeof deliveryFormSchema>>,
  word: (message: string | undefined) => string | undefined,
) {
  const parts = ['street', 'city', 'state', 'zip'] as const satisfies readonly UsAddressPart[];
  return {
    fields: Object.fromEntries(parts.map((p) => [p, register(`shipTo.${p}`)])) as Record<
      UsAddressPart,
      ReturnType<typeof register>
    >,
    errors: Object.fromEntries(parts.map((p) => [p, word(errors.shipTo?.[p]?.message)])) as Partial<
      Record<UsAddressPart, string | undefined>
    >,
  };
}
