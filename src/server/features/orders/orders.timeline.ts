import { eq } from 'drizzle-orm';
import type { Invoice } from '@shared/invoices/invoices.schema';
import {
  timelineKinds,
  type Timeline,
  type TimelineEntry,
  type TimelineKind,
} from '@shared/invoices/timeline.schema';
import { orders } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { auditEntriesAbout, auditEntryNaming } from '../audit/audit.service';
import { documentsOfOrder } from '../invoices/invoices.service';
import { holdEndsAt, isPastWindow } from './orders.holds';
import { checkoutOfLine, goodsCents, type OrderDeps, type OrderRow } from './orders.model';
import { assertOwnerOrAdmin } from './orders.payment';
import { shipmentsOf } from './orders.shipments';
import { saleRefundsOf } from './orders.sale-refund-settle';
import type { PlannedRefundLine } from '@shared/orders/refund-plan';
import { formatCents } from '@shared/common/money';

type By = NonNullable<TimelineEntry['by']>;

const approvalSteps = {
  'checkout.approval_requested': { kind: 'approval_requested', title: 'Waiting for approval' },
  'checkout.approved': { kind: 'approved', title: 'Approved' },
  'checkout.rejected': { kind: 'rejected', title: 'Rejected: cancelled, stock released' },
} as const;
const system: By = { role: 'system', email: null };
const returnTitles: Record<string, string> = {
  'return.requested': 'Return requested',
  'return.approved': 'Return approved',
  'return.rejected': 'Return rejected',
  'return.received': 'Return received',
  'return.refunded': 'Return refunded',
  'return.replaced': 'Return replaced',
};

/** An order's row, checked to be the caller's own (or the caller is an admin), with its invoices and credit notes. */
export async function orderWithDocuments(
  deps: Pick<OrderDeps, 'db'>,
  actor: SessionUser,
  id: string,
): Promise<{ row: OrderRow; documents: Invoice[] }> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order');
  assertOwnerOrAdmin(actor, row);
  return { row, documents: await documentsOfOrder(deps.db, row) };
}

type Entry = Omit<TimelineEntry, 'at' | 'invoiceId' | 'detail'> & {
  at: Date;
  detail?: string | null;
  invoiceId?: string | null;
};

/** What each part of the history is built from: the line, its audit entries, and who did what. */
interface Steps {
  deps: OrderDeps;
  row: OrderRow;
  audit: Awaited<ReturnType<typeof auditEntriesAbout>>;
  customer: By;
  /** The admin whose audit entry of `kind` names them, if any. */
  admin(kind: string): By | undefined;
  add(kind: TimelineKind, at: Date | null, title: string, by: By, more?: Partial<Entry>): void;
}

/** Placed (by the buyer, or an admin's no-charge replacement) and paid or settled; the approval steps between. */
async function placedAndPaid({ deps, row, audit, customer, admin, add }: Steps) {
  // A line of an accepted quote's checkout was priced by the quote, not by the catalogue: the quote's audit entry says so.
  const checkoutId = checkoutOfLine(row);
  const quote = checkoutId && (await auditEntryNaming(deps.db, 'quote.accepted', 'checkoutId', checkoutId));
  // A warranty replacement is the shop's own no-charge sale (decision 065, addendum): placed and settled by an admin.
  const replacement = audit.find((a) => a.kind === 'order.replacement');
  add(
    'placed',
    row.createdAt,
    replacement ? 'Replacement placed' : 'Order placed',
    admin('order.replacement') ?? customer,
    {
      detail: replacement
        ? `${row.quantity} × ${row.productName}: ${replacement.summary}`
        : `${row.quantity} × ${row.productName}, ${formatCents(goodsCents(row))}${quote ? ', at the quoted price' : ''}`,
    },
  );
  // A checkout over the buyer's spending limit waited for an approver (decision 040): each step as audited.
  const approval = checkoutId ? await auditEntriesAbout(deps.db, 'checkout', checkoutId) : [];
  for (const a of approval) {
    const step = approvalSteps[a.kind as keyof typeof approvalSteps];
    if (step)
      add(
        step.kind,
        a.createdAt,
        step.title,
        { role: 'customer', email: a.actorEmail },
        { detail: a.summary },
      );
  }
  if (replacement) add('paid', row.paidAt, 'Settled at no charge', admin('order.replacement')!);
  else add('paid', row.paidAt, 'Payment received', customer, { detail: `Transaction ${row.transactionId}` });
  return { rejected: approval.some((a) => a.kind === 'checkout.rejected') };
}

/** Each shipment of the line (decision 038) by the admin its audit entry names, delivery, and a return's steps. */
async function shippedAndReturned({ deps, row, audit, customer, admin, add }: Steps) {
  for (const s of (await shipmentsOf(deps.db, [row.id])).get(row.id) ?? []) {
    const [made] = await auditEntriesAbout(deps.db, 'shipment', s._id);
    const units = `${s.quantity} of ${row.quantity}`;
    add(
      'shipped',
      new Date(s.createdAt),
      s.kind === 'pickup' ? 'Ready for pickup' : 'Shipped',
      made ? { role: 'admin', email: made.actorEmail } : system,
      { detail: s.kind === 'pickup' ? units : `${units} by ${s.carrier}, tracking ${s.trackingNumber}` },
    );
  }
  add('delivered', row.deliveredAt, 'Delivered', admin('order.delivered') ?? system);
  // A return's steps (issue 43), as the returns feature audits them about each of its lines.
  for (const a of audit.filter((e) => e.kind.startsWith('return.')))
    add(
      'return',
      a.createdAt,
      returnTitles[a.kind] ?? 'Return',
      a.kind === 'return.requested' ? customer : { role: 'admin', email: a.actorEmail },
      { detail: a.summary },
    );
}

/** How the line closed: cancelled, expired unpaid, refunded whole or in parts. */
async function closed({ deps, row, customer, admin, add }: Steps, rejected: boolean) {
  if (row.orderStatus === 'Cancelled' && !rejected)
    add(
      'cancelled',
      row.cancelledAt,
      'Cancelled',
      admin('order.refunded') ?? admin('order.cancelled') ?? customer,
    );
  if (row.orderStatus === 'Expired' || (row.orderStatus === 'Pending' && isPastWindow(row, deps.expiryMs)))
    add('expired', row.cancelledAt ?? holdEndsAt(row, deps.expiryMs), 'Expired unpaid', system);
  if (row.refundRequestedAt) {
    const late = !row.paidAt || row.paymentIntentId !== row.transactionId;
    add('refund_requested', row.refundRequestedAt, 'Refund requested', admin('order.refunded') ?? system, {
      detail: `${formatCents(row.refundAmountCents ?? 0)}${late ? `, payment ${row.paymentIntentId} came after the order closed` : ''}`,
    });
  }
  // Partial refunds (docs/decisions/053-partial-refunds.md): the refund that completes the line is the row's own.
  for (const r of await saleRefundsOf(deps, row.id)) {
    const line = (r.lines as PlannedRefundLine[]).find((l) => l.orderId === row.id);
    if (!line || line.completesLine) continue;
    const what = line.quantity > 0 ? `${line.quantity} of ${row.quantity}, ` : '';
    add('refund_requested', r.requestedAt, 'Partial refund requested', admin('order.refunded') ?? system, {
      detail: `${what}${formatCents(line.amountCents)}`,
    });
    add('refunded', r.refundedAt, 'Partly refunded', system, {
      detail: `${formatCents(line.amountCents)}, refund ${r.providerRefundId}`,
    });
  }
  add('refunded', row.refundedAt, 'Refunded', system, {
    detail: `${formatCents(row.refundAmountCents ?? 0)}, refund ${row.refundId}`,
  });
}

/**
 * An order's history, oldest first, derived from what is recorded anyway: the order's own timestamps, the audit
 * entries of admins who acted on it and its invoices and credit notes. Who did each step is for admins only.
 */
export async function orderTimeline(deps: OrderDeps, actor: SessionUser, id: string): Promise<Timeline> {
  const { row, documents } = await orderWithDocuments(deps, actor, id);
  const audit = await auditEntriesAbout(deps.db, 'order', id);
  const entries: Entry[] = [];
  const steps: Steps = {
    deps,
    row,
    audit,
    customer: { role: 'customer', email: row.email },
    admin(kind) {
      const entry = audit.find((a) => a.kind === kind);
      return entry && { role: 'admin', email: entry.actorEmail };
    },
    add(kind, at, title, by, more = {}) {
      if (at) entries.push({ kind, at, title, by, ...more });
    },
  };
  const { rejected } = await placedAndPaid(steps);
  await shippedAndReturned(steps);
  await closed(steps, rejected);
  for (const d of documents)
    steps.add(
      d.kind,
      new Date(d.issuedAt),
      d.kind === 'invoice' ? 'Invoice issued' : 'Credit note issued',
      system,
      {
        detail: d.kind === 'invoice' ? d.number : `${d.number} for invoice ${d.refersTo?.number}`,
        invoiceId: d._id,
      },
    );

  const rank = (k: TimelineKind) => timelineKinds.indexOf(k);
  entries.sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a.kind) - rank(b.kind));
  const forAdmin = actor.role === 'admin';
  return {
    entries: entries.map((e) => ({
      kind: e.kind,
      at: e.at.toISOString(),
      title: e.title,
      detail: e.detail ?? null,
      invoiceId: e.invoiceId ?? null,
      by: forAdmin ? e.by : null,
    })),
  };
}
