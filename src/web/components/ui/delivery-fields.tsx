import { useWatch } from 'react-hook-form';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatUsAddress } from '@shared/common/us-address';
import type { Rates } from '@shared/orders/delivery.schema';
import { shipToFieldProps } from '@/lib/delivery-form';
import { sentence } from '@/lib/form-errors';
import type { DeliveryForm } from '@/lib/use-delivery-form';
import { SelectField, TextField } from './field';
import { PriceSummary } from './price-summary';
import { ShippingChoice } from './shipping-methods';
import { UsAddressFields } from './us-address-fields';

export interface SavedAddress {
  _id: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** A location of the buyer's company (decision 039): picking it ships there, taxed with its exemption if any. */
export interface CompanyLocation extends SavedAddress {
  name: string;
}

/**
 * What a delivery form asks, in one order for the cart's checkout and a quote's acceptance: mobile number, the
 * address (with a picker of saved ones), the shipping method, company and PO number, and the price it comes to.
 */
export function DeliveryFields({
  delivery,
  rates,
  subtotal,
  savedAddresses = [],
  locations = [],
  headingId,
  headingLevel,
  autoFocus,
}: {
  delivery: DeliveryForm;
  rates: UseQueryResult<Rates>;
  /** The goods' total before the rates answer (the cart's or the quote's). */
  subtotal: number;
  savedAddresses?: SavedAddress[] | undefined;
  /** The company's locations, for a member (the form's `locations` too, so the one picked is sent by its id). */
  locations?: CompanyLocation[] | undefined;
  headingId: string;
  headingLevel?: 2 | 3;
  autoFocus?: boolean;
}) {
  const {
    form: {
      register,
      setValue,
      control,
      formState: { errors },
    },
    ready,
    locationId,
  } = delivery;
  const [street, city, state, zip, shippingOption] = useWatch({
    control,
    name: ['shipTo.street', 'shipTo.city', 'shipTo.state', 'shipTo.zip', 'shippingOption'],
  });
  const chosen = ready ? rates.data?.options.find((o) => o.optionId === shippingOption) : undefined;
  const savedChoice =
    savedAddresses.find((a) => a.street === street && a.city === city && a.state === state && a.zip === zip)
      ?._id ?? '';
  const fill = (a: SavedAddress) => {
    for (const key of ['street', 'city', 'state', 'zip'] as const)
      setValue(`shipTo.${key}`, a[key], { shouldValidate: !!errors.shipTo });
  };
  const err = (m: string | undefined) => m && sentence(m);
  const goods = rates.data && ready ? rates.data.subtotal : subtotal;
  return (
    <>
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        autoFocus={autoFocus}
        error={err(errors.number?.message)}
        {...register('number')}
      />
      <UsAddressFields {...shipToFieldProps(register, errors, err)}>
        {locations.length > 0 && (
          <SelectField
            label="Company locations"
            hint="A location's tax exemption applies when it covers the state."
            value={locationId ?? ''}
            onChange={(e) => {
              const l = locations.find((x) => x._id === e.target.value);
              if (l) fill(l);
            }}
          >
            <option value="">Not a company location</option>
            {locations.map((l) => (
              <option key={l._id} value={l._id}>
                {l.name}: {formatUsAddress(l)}
              </option>
            ))}
          </SelectField>
        )}
        {savedAddresses.length > 0 && (
          <SelectField
            label="Saved addresses"
            value={savedChoice}
            onChange={(e) => {
              const a = savedAddresses.find((x) => x._id === e.target.value);
              if (a) fill(a);
            }}
          >
            <option value="">Another address</option>
            {savedAddresses.map((a) => (
              <option key={a._id} value={a._id}>
                {formatUsAddress(a)}
              </option>
            ))}
          </SelectField>
        )}
      </UsAddressFields>
      <ShippingChoice
        headingId={headingId}
        headingLevel={headingLevel}
        ready={ready}
        rates={rates}
        error={err(errors.shippingOption?.message)}
        radio={register('shippingOption')}
        liftgate={register('liftgate')}
        residential={register('residential')}
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
      <PriceSummary
        label="Order total"
        className="rounded-box border border-base-300 bg-base-100 p-4"
        subtotal={goods}
        shipping={chosen?.shipping}
        shippingMethod={chosen?.name}
        tax={chosen?.tax}
        exemptionNumber={ready ? rates.data?.exemptionNumber : undefined}
        total={chosen?.total ?? goods}
      />
    </>
  );
}
