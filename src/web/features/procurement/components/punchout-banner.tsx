import { usePunchoutSession } from '../api/procurement';

/**
 * The button that ends a punchout: a plain link (a full navigation, not the router's), so the browser renders the
 * answer, a page that posts the cart to the buyer system at once.
 */
export function TransferCartButton({
  systemName,
  className = '',
}: {
  systemName: string;
  className?: string;
}) {
  return (
    <a href="/punchout/transfer" className={`btn btn-primary btn-sm ${className}`}>
      Transfer cart to {systemName}
    </a>
  );
}

/** Shown on every page of a punchout session: which buyer system the shop was opened from, and the way back. */
export function PunchoutBanner({ signedIn }: { signedIn: boolean }) {
  const session = usePunchoutSession(signedIn);
  if (!session.data?.punchout || !session.data.systemName) return null;
  const { systemName, readOnly } = session.data;
  return (
    <div role="region" aria-label="Punchout" className="bg-info text-info-content">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        {readOnly ? (
          <p>
            Viewing a cart from <strong>{systemName}</strong>: it was opened to be looked at only, so nothing
            here goes back to {systemName}.
          </p>
        ) : (
          <p>
            Shopping from <strong>{systemName}</strong>: your company&apos;s prices apply. Add what you need,
            then transfer the cart back.
          </p>
        )}
        {!readOnly && <TransferCartButton systemName={systemName} />}
      </div>
    </div>
  );
}
