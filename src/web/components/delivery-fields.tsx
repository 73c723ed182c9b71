import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CheckoutCreate } from '@shared/checkout/checkout.schema';
import { TextAreaField, TextField } from '@/components/ui/field';
import { sentence } from '@/lib/form-errors';

/** The API fields of a checkout's delivery details, as the forms map the server's field errors onto them. */
export const deliveryFieldNames = ['number', 'address', 'company', 'poNumber'] as const;

/**
 * The delivery details every checkout asks for, whether it comes from the cart or from an accepted quote: one set
 * of labels, hints and autocomplete names, so the two forms read (and fill from the browser) the same way.
 */
export function DeliveryFields({
  register,
  errors,
  autoFocus,
}: {
  register: UseFormRegister<CheckoutCreate>;
  errors: FieldErrors<CheckoutCreate>;
  /** When the form replaces the button that opened it, its first field takes the focus. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        autoFocus={autoFocus}
        error={errors.number?.message && sentence(errors.number.message)}
        {...register('number')}
      />
      <TextAreaField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message && sentence(errors.address.message)}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company (optional)"
          autoComplete="organization"
          error={errors.company?.message && sentence(errors.company.message)}
          {...register('company')}
        />
        <TextField
          label="PO number (optional)"
          autoComplete="off"
          hint="Your purchase order number, printed on the invoice."
          error={errors.poNumber?.message && sentence(errors.poNumber.message)}
          {...register('poNumber')}
        />
      </div>
    </>
  );
}
