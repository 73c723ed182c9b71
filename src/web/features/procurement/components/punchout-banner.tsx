import { usePunchoutSession } from '../api/procurement';

/**
 * The button that ends a punchout: a plain form POST (not fetch), so the browser renders the answer, a page that
 * posts the cart to the buyer system at once.
 */
export function TransferCartButton({
  systemName,
  className = '',
}: {
  systemName: string;
  className?: string;
}) {
  return (
    <form method="post" action="/punchout/transfer" className={className}>
      <button type="submit" className="btn btn-primary btn-sm">
        Transfer cart to {systemName}
      </button>
    </form>
  );
}

/** Shown on every page of a punchout session: which buyer system the shop was opened from, and the way back. */
export function PunchoutBanner({ signedIn }: { signedIn: boolean }) {
  const session = usePunchoutSession(signedIn);
  if (!session.data?.punchout || !session.data.systemName) return null;
  return (
    <div role="region" aria-label="Punchout" className="bg-info text-info-content">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <p>
          Shopping from <strong>{session.data.systemName}</strong>: your company&apos;s prices apply. Add what
          you need, then transfer the cart back.
        </p>
        <TransferCartButton systemName={session.data.systemName} />
      </div>
    </div>
  );
}
