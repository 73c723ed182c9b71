import type { CheckoutStatus } from '@shared/checkout/checkout.schema';

const statusLabel: Record<CheckoutStatus, { text: string; className: string }> = {
  unpaid: { text: 'Unpaid', className: 'badge-error' },
  paid: { text: 'Paid', className: 'badge-success' },
  cancelled: { text: 'Cancelled', className: 'badge-error' },
  expired: { text: 'Expired', className: 'badge-neutral' },
  awaiting_approval: { text: 'Awaiting approval', className: 'badge-warning' },
  rejected: { text: 'Rejected', className: 'badge-error' },
};

/** A checkout's status as a badge (soft colours with dark text keep WCAG contrast). */
export function CheckoutStatusBadge({ status }: { status: CheckoutStatus }) {
  const { text, className } = statusLabel[status];
  return <span className={`badge badge-soft whitespace-nowrap ${className}`}>{text}</span>;
}
