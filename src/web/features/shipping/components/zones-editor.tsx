import { useState, type FormEvent } from 'react';
import type { ShippingZone } from '@shared/shipping/shipping.schema';
import { usStateCodes, usStates, type UsStateCode } from '@shared/common/us-states';
import { ErrorText, FormError } from '@/components/ui/error-text';
import { fieldBorder } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { textAbout } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useReplaceZones } from '../api/shipping-admin';

const ZONES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The parcel zone of every state (1 nearest the warehouse … 9 farthest), saved as one table. A state without a zone
 * gets no parcel price (freight, pickup and free shipping still apply).
 */
export function ZonesEditor({ zones }: { zones: ShippingZone[] }) {
  const replace = useReplaceZones();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(zones.map((z) => [z.state, String(z.zone)])),
  );
  const [error, setError] = useState<{ state?: string; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const rows = usStateCodes
      .filter((s) => values[s])
      .map((state) => ({ state, zone: Number(values[state]) }));
    setError(null);
    try {
      await replace.mutateAsync(rows);
      void notify('success', `Saved the zones of ${rows.length} states`);
    } catch (err) {
      const index = err instanceof ApiError ? /^zones\.(\d+)\./.exec(err.field ?? '')?.[1] : undefined;
      const state = index !== undefined ? rows[Number(index)]?.state : undefined;
      setError({
        ...(state && { state }),
        message:
          state && err instanceof ApiError ? textAbout(err.message, err.field!) : (err as Error).message,
      });
    }
  };

  const setZone = (state: UsStateCode, zone: string) => setValues((v) => ({ ...v, [state]: zone }));
  const unzoned = usStateCodes.filter((s) => !values[s]).length;

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <p className="text-sm text-base-content/75">
        {unzoned === 0
          ? 'Every state has a zone.'
          : unzoned === 1
            ? '1 state has no zone and gets no parcel price.'
            : `${unzoned} states have no zone and get no parcel price.`}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {usStateCodes.map((state) => {
          const id = `zone-${state}`;
          const rowError = error?.state === state ? error.message : undefined;
          return (
            <div key={state} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium">
                {usStates[state]}
              </label>
              <select
                id={id}
                className={`${fieldBorder(rowError)} select select-sm w-full`}
                value={values[state] ?? ''}
                aria-invalid={rowError ? true : undefined}
                aria-describedby={rowError ? `${id}-error` : undefined}
                onChange={(e) => setZone(state, e.currentTarget.value)}
              >
                <option value="">No zone</option>
                {ZONES.map((z) => (
                  <option key={z} value={z}>{`Zone ${z}`}</option>
                ))}
              </select>
              <ErrorText id={`${id}-error`} error={rowError} />
            </div>
          );
        })}
      </div>
      <div className="mt-4">
        <FormError message={error && !error.state ? error.message : undefined} />
        <SubmitButton busy={replace.isPending}>Save zones</SubmitButton>
      </div>
    </form>
  );
}
