import { useState } from 'react';
import { usStateCodes, usStates, type UsStateCode } from '@shared/common/us-states';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import type { CompanyView } from '@shared/companies/companies.schema';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { notify } from '@/lib/notify';
import { useAddLocation, useCompanyExemptions, useCompanyPages, useDeleteLocation } from '../api/companies';
import { PagedItems, Section, useSubmit } from './company-parts';

/** The company's ship-to locations; a company admin adds and removes them (with a member's exemption). */
export function Locations({ company }: { company: CompanyView }) {
  const isAdmin = company.myRoles.includes('admin');
  const locations = useCompanyPages(calls.locations, company._id, 'locations');
  const exemptions = useCompanyExemptions(company._id, isAdmin);
  const add = useAddLocation(company._id);
  const del = useDeleteLocation(company._id);
  const empty = { name: '', street: '', city: '', state: '', zip: '', taxExemptionId: '' };
  const [f, setF] = useState(empty);
  const s = useSubmit();
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setF({ ...f, [k]: e.target.value });
  return (
    <Section title="Locations">
      <PagedItems query={locations} what="locations" empty="No ship-to locations yet.">
        {(items) => (
          <ul className="mt-3 divide-y divide-base-300">
            {items.map((l) => (
              <li key={l._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{l.name}</span>: {l.street}, {l.city}, {l.state} {l.zip}
                  {l.taxExemption &&
                    ` — tax exempt (${l.taxExemption.number}: ${l.taxExemption.states.join(', ')})`}
                </span>
                {isAdmin && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    disabled={del.isPending}
                    onClick={() => del.mutate(l._id)}
                  >
                    Remove {l.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedItems>
      {isAdmin && (
        <form
          noValidate
          aria-labelledby="add-location-heading"
          className="mt-4 grid max-w-2xl gap-3 sm:grid-cols-2"
          onSubmit={s.run(async () => {
            await add.mutateAsync({
              name: f.name,
              address: { street: f.street, city: f.city, state: f.state as UsStateCode, zip: f.zip },
              taxExemptionId: f.taxExemptionId || null,
            });
            setF(empty);
            void notify('success', 'Location added');
          })}
        >
          <h3 id="add-location-heading" className="text-lg font-semibold sm:col-span-2">
            Add a location
          </h3>
          <TextField
            label="Location name"
            value={f.name}
            onChange={set('name')}
            error={s.fieldError('name')}
          />
          <TextField
            label="Street"
            value={f.street}
            onChange={set('street')}
            error={s.fieldError('address.street')}
          />
          <TextField
            label="City"
            value={f.city}
            onChange={set('city')}
            error={s.fieldError('address.city')}
          />
          <SelectField
            label="State"
            value={f.state}
            onChange={set('state')}
            error={s.fieldError('address.state')}
          >
            <option value="">Choose a state</option>
            {usStateCodes.map((c) => (
              <option key={c} value={c}>
                {usStates[c]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="ZIP"
            inputMode="numeric"
            value={f.zip}
            onChange={set('zip')}
            error={s.fieldError('address.zip')}
          />
          <SelectField
            label="Tax exemption certificate"
            value={f.taxExemptionId}
            onChange={set('taxExemptionId')}
            error={s.fieldError('taxExemptionId')}
          >
            <option value="">None</option>
            {(exemptions.data ?? []).map((e) => (
              <option key={e._id} value={e._id}>
                {e.number} ({e.states.join(', ')}; {e.holderEmail})
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <FormError
              message={
                s.error && !s.error.field?.match(/^(name|address|taxExemptionId)/)
                  ? s.error.message
                  : undefined
              }
            />
            <SubmitButton busy={s.busy}>Add location</SubmitButton>
          </div>
        </form>
      )}
    </Section>
  );
}
