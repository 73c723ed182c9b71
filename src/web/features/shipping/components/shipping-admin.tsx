import { useState } from 'react';
import type { PickupLocation, ShippingMethod } from '@shared/shipping/shipping.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { ListWaiting } from '@/components/ui/query-list';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import {
  useDeleteMethod,
  useDeletePickupLocation,
  useShippingSettings,
  useTaxRates,
} from '../api/shipping-admin';
import { kindLabels, MethodForm } from './method-form';
import { PickupForm } from './pickup-form';
import { TaxRatesEditor } from './tax-rates-editor';
import { ZonesEditor } from './zones-editor';
import { formatCents } from '@shared/common/money';

const box = 'rounded-box border border-base-300 bg-base-100 p-4 sm:p-6';
const days = (m: ShippingMethod) =>
  m.kind === 'pickup'
    ? 'see location'
    : m.minDays === m.maxDays
      ? `${m.minDays} days`
      : `${m.minDays}–${m.maxDays} days`;

function methodDetail(m: ShippingMethod) {
  if (m.kind === 'parcel') return `${m.parcelRates.length} rate rows`;
  if (m.kind === 'freight')
    return `${m.freightRates.length} rate rows, minimum ${formatCents(m.minChargeCents)}, liftgate ${formatCents(m.liftgateCents)}, residential ${formatCents(m.residentialCents)}`;
  if (m.kind === 'free') return `over ${formatCents(m.freeAboveCents ?? 0)}`;
  return 'at the pickup locations';
}

/** Shipping & tax (admin): methods and their rates, parcel zones, pickup locations and sales tax rates. */
export function ShippingAdmin() {
  const settings = useShippingSettings();
  const taxRates = useTaxRates();
  const deleteMethod = useDeleteMethod();
  const deletePickup = useDeletePickupLocation();
  // `null`: no form open; 'new': adding; an item: editing it.
  const [method, setMethod] = useState<ShippingMethod | 'new' | null>(null);
  const [pickup, setPickup] = useState<PickupLocation | 'new' | null>(null);
  const deletingMethod = useConfirmTarget<ShippingMethod>();
  const deletingPickup = useConfirmTarget<PickupLocation>();

  return (
    <div className="mt-6 flex flex-col gap-8">
      <p role="note" className="alert alert-warning alert-soft">
        Illustrative rates: check your own obligations. The demo shop&apos;s shipping prices are made up and
        its sales tax rates are rough state rates, not tax advice.
      </p>

      <section aria-labelledby="methods-heading" className={box}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="methods-heading" className="text-xl font-bold">
            Shipping methods
          </h2>
          {method === null && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setMethod('new')}>
              Add method
            </button>
          )}
        </div>
        {method !== null && (
          <div className="mt-4 rounded-box border border-primary p-4">
            <h3 className="mb-3 text-lg font-semibold">
              {method === 'new' ? 'Add a shipping method' : `Edit ${method.name}`}
            </h3>
            <MethodForm
              key={method === 'new' ? 'new' : method._id}
              method={method === 'new' ? undefined : method}
              onDone={() => setMethod(null)}
            />
          </div>
        )}
        {settings.isPending || settings.isError ? (
          <ListWaiting
            query={settings}
            loadingLabel="Loading shipping settings…"
            what="the shipping settings"
            skeleton={{ count: 4, className: 'h-10' }}
          />
        ) : settings.data.methods.length === 0 ? (
          <p className="mt-4 text-base-content/75">
            No shipping methods yet: checkout offers no way to ship. Add the first one.
          </p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Rates</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {settings.data.methods.map((m) => (
                  <tr key={m._id}>
                    <th scope="row">{m.name}</th>
                    <td>{kindLabels[m.kind]}</td>
                    <td className="whitespace-nowrap">{days(m)}</td>
                    <td className="text-sm">{methodDetail(m)}</td>
                    <td>{m.active ? 'Active' : 'Off'}</td>
                    <td className="whitespace-nowrap">
                      <span className="flex gap-2">
                        <EditDeleteButtons
                          name={m.name}
                          onEdit={() => setMethod(m)}
                          onDelete={() => deletingMethod.ask(m)}
                        />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="zones-heading" className={box}>
        <h2 id="zones-heading" className="text-xl font-bold">
          Zones
        </h2>
        <p className="mt-1 text-base-content/75">
          The parcel zone of each destination state, 1 nearest the warehouse to 9 farthest.
        </p>
        {settings.data ? (
          <ZonesEditor
            key={settings.data.zones.map((z) => `${z.state}${z.zone}`).join()}
            zones={settings.data.zones}
          />
        ) : (
          !settings.isError && <p className="mt-3 text-base-content/75">Loading zones…</p>
        )}
      </section>

      <section aria-labelledby="pickup-heading" className={box}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="pickup-heading" className="text-xl font-bold">
            Pickup locations
          </h2>
          {pickup === null && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setPickup('new')}>
              Add location
            </button>
          )}
        </div>
        {pickup !== null && (
          <div className="mt-4 rounded-box border border-primary p-4">
            <h3 className="mb-3 text-lg font-semibold">
              {pickup === 'new' ? 'Add a pickup location' : `Edit ${pickup.name}`}
            </h3>
            <PickupForm
              key={pickup === 'new' ? 'new' : pickup._id}
              location={pickup === 'new' ? undefined : pickup}
              onDone={() => setPickup(null)}
            />
          </div>
        )}
        {settings.data &&
          (settings.data.pickupLocations.length === 0 ? (
            <p className="mt-4 text-base-content/75">No pickup locations: will-call pickup is not offered.</p>
          ) : (
            <ul className="mt-4 flex flex-col gap-3">
              {settings.data.pickupLocations.map((p) => (
                <li key={p._id} className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-semibold">
                      {p.name}
                      {!p.active && <span className="badge badge-ghost ml-2">Off</span>}
                    </p>
                    <p className="text-sm text-base-content/75">
                      {`${p.street}, ${p.city}, ${p.state} ${p.zip} · ready in ${p.readyHours} hours`}
                    </p>
                  </div>
                  <span className="flex gap-2">
                    <EditDeleteButtons
                      name={p.name}
                      onEdit={() => setPickup(p)}
                      onDelete={() => deletingPickup.ask(p)}
                    />
                  </span>
                </li>
              ))}
            </ul>
          ))}
      </section>

      <section aria-labelledby="tax-heading" className={box}>
        <h2 id="tax-heading" className="text-xl font-bold">
          Sales tax rates
        </h2>
        <p className="mt-1 text-base-content/75">
          Illustrative rates: check your own obligations. A state without a row collects no tax; a ZIP prefix
          row overrides its state&apos;s rate.
        </p>
        {taxRates.isPending || taxRates.isError ? (
          <ListWaiting
            query={taxRates}
            loadingLabel="Loading tax rates…"
            what="the tax rates"
            skeleton={{ count: 4, className: 'h-8' }}
          />
        ) : (
          <TaxRatesEditor key={taxRates.dataUpdatedAt} rates={taxRates.data.rates} />
        )}
      </section>

      {deletingMethod.target && (
        <ConfirmDialog
          title="Delete shipping method?"
          confirmLabel="Delete"
          busy={deletingMethod.busy}
          error={deletingMethod.error}
          onConfirm={() =>
            deletingMethod.confirm(
              (m) => deleteMethod.mutateAsync(m._id),
              `Deleted ${deletingMethod.target!.name}`,
              (m) => method !== null && method !== 'new' && method._id === m._id && setMethod(null),
            )
          }
          onClose={deletingMethod.close}
        >
          <p>
            <span className="font-semibold">{deletingMethod.target.name}</span> and its rates are deleted for
            good. Orders already placed keep their shipping. To stop offering it for a while, switch it off
            instead.
          </p>
        </ConfirmDialog>
      )}
      {deletingPickup.target && (
        <ConfirmDialog
          title="Delete pickup location?"
          confirmLabel="Delete"
          busy={deletingPickup.busy}
          error={deletingPickup.error}
          onConfirm={() =>
            deletingPickup.confirm(
              (p) => deletePickup.mutateAsync(p._id),
              `Deleted ${deletingPickup.target!.name}`,
              (p) => pickup !== null && pickup !== 'new' && pickup._id === p._id && setPickup(null),
            )
          }
          onClose={deletingPickup.close}
        >
          <p>
            <span className="font-semibold">{deletingPickup.target.name}</span> is no longer offered for
            will-call pickup.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
