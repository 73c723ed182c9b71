import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents } from '@shared/common/money';
import { paths } from '@shared/common/web-paths';
import type { MachineDetail } from '@shared/equipment/equipment.schema';
import { ErrorState } from '@/components/ui/error-state';
import { ErrorText } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { ExplodedDiagram } from './diagram';
import { useKitToCart, useMachine, useRecordService, useUpdateHours } from '../api/equipment';

/** One machine: warranty, running hours, services due (overdue first), and every part that fits it. */
export function MachinePage({ id, email }: { id: string; email: string }) {
  const machine = useMachine(id);
  if (machine.isPending) return <PageSpinner />;
  if (machine.isError)
    return <ErrorState message={machine.error.message} onRetry={() => void machine.refetch()} />;
  const m = machine.data;
  return (
    <article>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {m.modelName} #{m.serial}
      </h1>
      <p className="mt-2">
        Installed {formatDate(m.installedOn)}
        {m.siteAddress ? ` at ${m.siteAddress}` : ''}.{' '}
        {m.warranty.covered
          ? `Warranty: covered until ${formatDate(m.warranty.until)}.`
          : m.warranty.proof
            ? `Warranty: expired on ${formatDate(m.warranty.until)}.`
            : 'Warranty: no proof of purchase registered.'}
      </p>
      <HoursForm machine={m} />
      <Services machine={m} />
      <ExplodedDiagram modelId={m.modelId} email={email} fitting={new Set(m.parts.map((p) => p.productId))} />
      <section aria-labelledby="parts-heading" className="mt-8">
        <h2 id="parts-heading" className="text-xl font-semibold">
          Parts that fit
        </h2>
        <Link className="link" to={`${paths.products}?fits=${m.id}`}>
          Search the catalogue for parts that fit this machine
        </Link>
        {m.parts.length === 0 ? (
          <p className="mt-2">No parts are listed for this model and serial number yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {m.parts.map((p) => (
              <li key={p.productId}>
                <Link className="link" to={paths.product(p.productId)}>
                  {p.name}
                </Link>{' '}
                {p.sku && <span className="text-base-content/75">({p.sku})</span>} {formatCents(p.priceCents)}
                {p.replaces && <span className="text-base-content/75"> — replaces {p.replaces}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

function HoursForm({ machine }: { machine: MachineDetail }) {
  const update = useUpdateHours(machine.id);
  const [hours, setHours] = useState(String(machine.runningHours));
  const error = update.error instanceof ApiError ? update.error : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ runningHours: Number(hours) });
  };
  return (
    <form onSubmit={submit} className="mt-6 flex flex-wrap items-end gap-4" noValidate>
      <TextField
        label="Running hours now"
        type="number"
        min={0}
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        error={error?.message}
        hint={`About ${machine.hoursPerWeek} hours a week are assumed between readings.`}
      />
      <SubmitButton busy={update.isPending}>Update running hours</SubmitButton>
    </form>
  );
}

function Services({ machine }: { machine: MachineDetail }) {
  const kit = useKitToCart(machine.id);
  const done = useRecordService(machine.id);
  const navigate = useNavigate();
  if (machine.services.length === 0) return null;
  return (
    <section aria-labelledby="services-heading" className="mt-8">
      <h2 id="services-heading" className="text-xl font-semibold">
        Services
      </h2>
      <ul className="mt-2 flex flex-col gap-3">
        {machine.services.map((s) => (
          <li key={s.planItemId} className="flex flex-wrap items-center gap-3">
            <span className={s.overdue ? 'font-semibold text-error' : ''}>
              {s.overdue ? 'Overdue: ' : ''}
              {s.productName}, due {formatDate(s.dueOn)}
              {s.dueAtHours !== null && ` or at ${s.dueAtHours.toLocaleString('en-US')} h`}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={kit.isPending}
              onClick={() => kit.mutate([s.planItemId], { onSuccess: () => void navigate(paths.cart) })}
            >
              Put {s.productName} in the cart
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={done.isPending}
              onClick={() => done.mutate(s.planItemId)}
            >
              Mark {s.productName} done
            </button>
          </li>
        ))}
      </ul>
      <ErrorText alert error={kit.error?.message ?? done.error?.message} />
    </section>
  );
}

/** A service mail's link: puts the due kit in the cart once, then opens the cart. */
export function KitPage({ id, items }: { id: string; items: string[] }) {
  const kit = useKitToCart(id);
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || items.length === 0) return;
    started.current = true;
    kit.mutate(items, { onSuccess: () => void navigate(paths.cart, { replace: true }) });
  }, [id, items, kit, navigate]);
  if (kit.isError) return <ErrorState message={kit.error.message} />;
  if (items.length === 0) return <ErrorState message="This link names no service kit." />;
  return <PageSpinner />;
}
