import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { usStates } from '@shared/common/us-states';
import { SelectField, TextField } from './field';

export const usAddressParts = ['street', 'city', 'state', 'zip'] as const;
export type UsAddressPart = (typeof usAddressParts)[number];

/**
 * A US delivery address in four fields (street; city, state and ZIP on one row), with the browser's autocomplete
 * names: one set of labels for every form that ships something, so they read and fill the same way.
 */
export function UsAddressFields({
  fields,
  errors = {},
  legend = 'Delivery address',
  autoFocus,
  children,
}: {
  /** Each part's control props (react-hook-form's `register()` result). */
  fields: Record<UsAddressPart, UseFormRegisterReturn>;
  /** Each part's message, already worded for display. */
  errors?: Partial<Record<UsAddressPart, string | undefined>>;
  legend?: string;
  autoFocus?: boolean;
  /** Drawn between the legend and the street: a picker of saved addresses, say. */
  children?: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold">{legend}</legend>
      {children}
      <TextField
        label="Street"
        autoComplete="address-line1"
        autoFocus={autoFocus}
        error={errors.street}
        {...fields.street}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField label="City" autoComplete="address-level2" error={errors.city} {...fields.city} />
        <SelectField label="State" autoComplete="address-level1" error={errors.state} {...fields.state}>
          <option value="">Choose…</option>
          {Object.entries(usStates).map(([code, name]) => (
            <option key={code} value={code}>
              {name} ({code})
            </option>
          ))}
        </SelectField>
        <TextField
          label="ZIP"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          error={errors.zip}
          {...fields.zip}
        />
      </div>
    </fieldset>
  );
}
