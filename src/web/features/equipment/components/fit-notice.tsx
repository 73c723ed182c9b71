import { Link } from 'react-router';
import { paths } from '@shared/common/web-paths';
import { useProductFit, useRegistrable } from '../api/equipment';

/**
 * A product page's word on the buyer's machines: "Fits your SC-15 #A999" or "Does not fit your …", and where the
 * part was replaced, a link to its newest successor. Nothing for a buyer without machines.
 */
export function FitNotice({ productId, signedIn }: { productId: string; signedIn: boolean }) {
  const fit = useProductFit(productId, signedIn);
  if (!fit.data) return null;
  const { machines, replacedBy } = fit.data;
  return (
    <div className="mt-4 flex flex-col gap-1">
      {replacedBy && (
        <p role="note" className="font-semibold">
          Replaced by{' '}
          <Link className="link" to={paths.product(replacedBy.id)}>
            {replacedBy.name}
          </Link>
        </p>
      )}
      {machines.map((m) => (
        <p key={m.machineId} className={m.fits ? 'text-success-content' : 'text-base-content/75'}>
          <span className={m.fits ? 'badge badge-success' : 'badge badge-ghost'}>
            {m.fits ? `Fits your ${m.label}` : `Does not fit your ${m.label}`}
          </span>
        </p>
      ))}
    </div>
  );
}

/** On a paid order holding a machine model: "Register this machine". */
export function RegisterFromOrder({ orderId }: { orderId: string }) {
  const models = useRegistrable(orderId);
  if (!models.data?.length) return null;
  return (
    <Link to={`${paths.registerMachine}?order=${orderId}`} className="btn btn-primary mt-6">
      Register this machine
    </Link>
  );
}
