import { useId, useState, type FormEvent } from 'react';
import type { Order } from '@shared/orders/orders.schema';
import { canShip, remainingToShip } from '@shared/orders/order-status';
import { formatOrderNumber, formatOrderNumbers } from '@shared/orders/order-number';
import { commonCarriers, type ShipmentCreate } from '@shared/fulfilment/fulfilment.schema';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { Field, TextField } from '@/components/ui/field';
import { ErrorText, FormError } from '@/components/ui/error-text';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCreateShipments } from '../api/create-shipments';

const remainingOf = remainingToShip;

/** One shipment of the dialog: a checkout's lines, or a single order (one customer, one address). */
interface Group {
  key: string;
  title: string;
  pickup: boolean;
  lines: Order[];
}

/** Lines grouped the way they ship: one shipment per checkout, one per single order. */
export function shipmentGroups(lines: Order[]): Group[] {
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const key = line.checkoutId ?? line._id;
    const group = groups.get(key) ?? { key, title: '', pickup: line.shippingKind === 'pickup', lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  // Named by the orders' numbers (decision 049), as the orders table names them.
  for (const g of groups.values()) {
    const line = g.lines[0]!;
    g.title = line.checkoutId
      ? `Checkout ${formatOrderNumbers(g.lines.map((l) => l.orderNumber))}${line.poNumber ? ` (PO ${line.poNumber})` : ''} for ${line.name}`
      : `Order ${formatOrderNumber(line.orderNumber)}: ${line.productName} for ${line.name}`;
  }
  return [...groups.values()];
}

interface Values {
  carrier: string;
  tracking: Record<string, { number: string; url: string }>;
  quantities: Record<string, string>;
}

/** The server names fields like `shipments.1.trackingNumber` or `lines.0.quantity`: which input that is. */
function fieldKey(field: string, groups: Group[]): string | null {
  const m = /^(?:shipments\.(\d+)\.)?(carrier|trackingNumber|trackingUrl|lines)(?:\.(\d+)\.(\w+))?$/.exec(
    field,
  );
  if (!m) return null;
  const group = groups[Number(m[1] ?? 0)];
  if (!group) return null;
  if (m[2] === 'carrier') return 'carrier';
  if (m[2] === 'lines') {
    const line = m[3] === undefined ? undefined : group.lines[Number(m[3])];
    return line ? `qty:${line._id}` : `group:${group.key}`;
  }
  return `${m[2]}:${group.key}`;
}

/**
 * Ship lines: a carrier for all, a tracking number and link per shipment, and how many of each line go (what is
 * left by default). Lines of several checkouts or orders make one shipment each, sent in one call (all or none).
 * Pickup lines need no carrier: they are made ready for pickup.
 */
export function ShipDialog({ lines, onClose }: { lines: Order[]; onClose: () => void }) {
  const groups = shipmentGroups(lines.filter(canShip));
  const create = useCreateShipments();
  const carriersId = useId();
  const needsCarrier = groups.some((g) => !g.pickup);
  const [values, setValues] = useState<Values>(() => ({
    carrier: '',
    tracking: Object.fromEntries(groups.map((g) => [g.key, { number: '', url: '' }])),
    quantities: Object.fromEntries(
      groups.flatMap((g) => g.lines.map((l) => [l._id, String(remainingOf(l))])),
    ),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();

  const setTracking = (key: string, part: 'number' | 'url', value: string) =>
    setValues((v) => ({ ...v, tracking: { ...v.tracking, [key]: { ...v.tracking[key]!, [part]: value } } }));

  /** The checks the server makes too, so most mistakes are shown before sending. */
  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (needsCarrier && !values.carrier.trim()) found.carrier = 'Carrier is required';
    for (const g of groups) {
      if (!g.pickup && !values.tracking[g.key]!.number.trim())
        found[`trackingNumber:${g.key}`] = 'Tracking number is required';
      const url = values.tracking[g.key]!.url.trim();
      if (!g.pickup && url && !/^https:\/\/\S+$/.test(url))
        found[`trackingUrl:${g.key}`] = 'Tracking link must start with https://';
      for (const l of g.lines) {
        const q = Number(values.quantities[l._id]);
        if (!Number.isInteger(q) || q < 0 || q > remainingOf(l))
          found[`qty:${l._id}`] = `Enter a whole number from 0 to ${remainingOf(l)}`;
      }
      if (g.lines.every((l) => Number(values.quantities[l._id]) === 0))
        found[`group:${g.key}`] = 'Ship at least one unit, or leave this shipment out';
    }
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: ShipmentCreate[] = groups.map((g) => {
      const t = values.tracking[g.key]!;
      return {
        lines: g.lines
          .filter((l) => Number(values.quantities[l._id]) > 0)
          .map((l) => ({ orderId: l._id, quantity: Number(values.quantities[l._id]) })),
        ...(g.pickup
          ? {}
          : {
              carrier: values.carrier.trim(),
              trackingNumber: t.number.trim(),
              ...(t.url.trim() ? { trackingUrl: t.url.trim() } : {}),
            }),
      };
    });
    try {
      const made = await create.mutateAsync(body);
      const ready = made.filter((s) => s.kind === 'pickup').length;
      const shipped = made.length - ready;
      const parts = [
        shipped ? `${shipped} shipment${shipped === 1 ? '' : 's'} sent` : '',
        ready ? `${ready} ready for pickup` : '',
      ].filter(Boolean);
      void notify(
        'success',
        `${parts.join(', ')}: the customer${made.length === 1 ? ' was' : 's were'} emailed`,
      );
      onClose();
    } catch (err) {
      const key = err instanceof ApiError && err.field ? fieldKey(err.field, groups) : null;
      if (key)
        setErrors({ [key]: err instanceof Error ? err.message.replace(/^[\w.]+: /, '') : String(err) });
      else setFormError(err instanceof Error ? err.message : 'The shipment could not be saved.');
    }
  }

  const busy = create.isPending;
  const title =
    groups.length > 1 ? `Ship ${groups.length} orders` : groups[0]?.pickup ? 'Ready for pickup' : 'Ship';
  return (
    <Modal title={title} busy={busy} onClose={onClose}>
      {groups.length === 0 ? (
        <p className="mt-3">Nothing selected is left to ship.</p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-4">
          {needsCarrier && (
            <>
              <TextField
                label="Carrier"
                name="carrier"
                list={carriersId}
                autoComplete="off"
                hint="UPS, FedEx, USPS, DHL, a freight line…"
                value={values.carrier}
                error={errors.carrier}
                onChange={(e) => setValues((v) => ({ ...v, carrier: e.target.value }))}
              />
              <datalist id={carriersId}>
                {commonCarriers.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </>
          )}
          {groups.map((g) => (
            <fieldset key={g.key} className="rounded-box border border-base-300 p-3">
              <legend className="px-1 font-semibold">
                {g.title}
                {g.pickup && <span className="font-normal"> · ready for pickup</span>}
              </legend>
              <div className="flex flex-col gap-3">
                {!g.pickup && (
                  <>
                    <TextField
                      label="Tracking number"
                      autoComplete="off"
                      value={values.tracking[g.key]!.number}
                      error={errors[`trackingNumber:${g.key}`]}
                      onChange={(e) => setTracking(g.key, 'number', e.target.value)}
                    />
                    <TextField
                      label="Tracking link (optional)"
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={values.tracking[g.key]!.url}
                      error={errors[`trackingUrl:${g.key}`]}
                      onChange={(e) => setTracking(g.key, 'url', e.target.value)}
                    />
                  </>
                )}
                {g.lines.map((l) => (
                  <Field
                    key={l._id}
                    label={`Quantity of ${l.productName}`}
                    hint={`${formatCount(remainingOf(l))} of ${formatCount(l.quantity)} left to ship${l.backorderedQuantity ? `, ${formatCount(l.backorderedQuantity)} on backorder` : ''}`}
                    error={errors[`qty:${l._id}`]}
                  >
                    {(control) => (
                      <input
                        {...control}
                        className={`input w-32 ${control.className}`}
                        type="number"
                        min={0}
                        max={remainingOf(l)}
                        step={1}
                        value={values.quantities[l._id]}
                        onChange={(e) =>
                          setValues((v) => ({
                            ...v,
                            quantities: { ...v.quantities, [l._id]: e.target.value },
                          }))
                        }
                      />
                    )}
                  </Field>
                ))}
                <ErrorText alert error={errors[`group:${g.key}`]} />
              </div>
            </fieldset>
          ))}
          <FormError message={formError} />
          <ModalFormActions
            busy={busy}
            onCancel={onClose}
            submitLabel={
              groups.every((g) => g.pickup)
                ? 'Mark ready for pickup'
                : groups.length > 1
                  ? `Ship ${groups.length} orders`
                  : 'Ship'
            }
          />
        </form>
      )}
    </Modal>
  );
}
