import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FileDown } from 'lucide-react';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { TimelineEntry } from '@shared/invoices/timeline.schema';
import { QueryList } from '@/components/ui/query-list';
import { formatDate, formatPrice } from '@/lib/format';
import { useOrderDocuments, useOrderTimeline } from '../api/get-order-history';

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const documentName = (d: Pick<Invoice, 'kind' | 'number'>) =>
  `${d.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${d.number}`;

/** Who did a step, as admins see it: the customer, an admin, or the shop on its own. */
function actor(by: NonNullable<TimelineEntry['by']>) {
  if (by.role === 'system') return 'by the shop (automatic)';
  return `by ${by.role === 'admin' ? 'admin' : 'the customer'} ${by.email}`;
}

/** Download links of the order's invoice and credit notes. */
function DocumentLinks({ orderId }: { orderId: string }) {
  const documents = useOrderDocuments(orderId);
  return (
    <QueryList
      query={documents}
      loadingLabel="Loading the invoices…"
      what="the invoices"
      skeleton={{ count: 1, className: 'h-8' }}
      empty={
        <p className="mt-3 text-base-content/75">
          No invoice yet: one is issued as soon as the order is paid.
        </p>
      }
    >
      {(items) => (
        <ul className="mt-3 space-y-2">
          {items.map((d) => (
            <li key={d._id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <a href={d.pdfUrl} download className="link link-primary inline-flex items-center gap-1">
                <FileDown aria-hidden="true" className="size-4" />
                {documentName(d)} <span className="sr-only">(PDF)</span>
              </a>
              <span className="text-sm text-base-content/75">
                {formatPrice(d.total)}, <time dateTime={d.issuedAt}>{formatDate(d.issuedAt)}</time>
                {d.refersTo && `, for invoice ${d.refersTo.number}`}
                {d.poNumber && `, PO ${d.poNumber}`}
                {d.dueDate && `, bought on account: due ${formatDate(`${d.dueDate}T12:00:00Z`)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryList>
  );
}

/** The order's history as an ordered list, oldest first. */
function TimelineList({ orderId }: { orderId: string }) {
  const timeline = useOrderTimeline(orderId);
  return (
    <QueryList
      query={timeline}
      loadingLabel="Loading the order's history…"
      what="the order's history"
      skeleton={{ count: 3, className: 'h-10' }}
      empty={<p className="mt-3 text-base-content/75">Nothing has happened to this order yet.</p>}
    >
      {(entries) => (
        <ol aria-label="Order history" className="mt-3 ms-2 border-s-2 border-base-300">
          {entries.map((e, i) => (
            <li key={`${e.kind}-${i}`} className="relative ms-5 pb-4 last:pb-0">
              <span
                aria-hidden="true"
                className="absolute -start-[27px] top-1.5 size-3 rounded-full bg-primary ring-4 ring-base-100"
              />
              <p className="font-semibold">{e.title}</p>
              <p className="text-sm text-base-content/75">
                <time dateTime={e.at}>{moment.format(new Date(e.at))}</time>
                {e.by && <span>, {actor(e.by)}</span>}
              </p>
              {e.detail && <p className="text-sm break-all">{e.detail}</p>}
            </li>
          ))}
        </ol>
      )}
    </QueryList>
  );
}

/** An order's history and its documents, for its owner or an admin (admins also see who did each step). */
export function OrderHistory({ orderId }: { orderId: string }) {
  const documents = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // A list's Invoice link lands here (#invoice) when it cannot download the PDF itself: the client-side navigation
  // does not scroll to the anchor as a page load would, so bring the section into view and focus there.
  useEffect(() => {
    if (hash === '#invoice') documents.current?.focus();
  }, [hash]);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="order-history" className="rounded-box border border-base-300 bg-base-100 p-5">
        <h2 id="order-history" className="text-lg font-semibold">
          History
        </h2>
        <TimelineList orderId={orderId} />
      </section>
      <section
        ref={documents}
        id="invoice"
        tabIndex={-1}
        aria-labelledby="order-documents"
        className="scroll-mt-20 rounded-box border border-base-300 bg-base-100 p-5"
      >
        <h2 id="order-documents" className="text-lg font-semibold">
          Invoices and credit notes
        </h2>
        <DocumentLinks orderId={orderId} />
      </section>
    </div>
  );
}
