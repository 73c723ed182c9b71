import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { paths } from '@/config/paths';
import { invoiceKeys } from '@/lib/query-keys/invoices';
import { getOrderDocuments } from '../api/get-order-history';

/** Where the invoice is on the order's page: the link's address, and where it goes when the PDF cannot be had. */
export const invoiceSection = (orderId: string) => `${paths.orderDetails(orderId)}#invoice`;

/** Starts the download the way a link with `download` does (the PDF answers as an attachment: the page stays). */
function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.click();
}

/**
 * A paid order's invoice in one click, from a list. Which invoice (an order's own or its checkout's) is only known
 * from the order's documents, and a list asking for them row by row would cost one request per paid order on every
 * visit: the click asks instead, then downloads the PDF. Opened in a new tab (or without JavaScript) the link is the
 * order's page at its invoices, which is also where a click ends up when no invoice is found.
 */
export function InvoiceLink({ order }: { order: { _id: string; productName: string } }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const to = invoiceSection(order._id);

  const open = async (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const documents = await queryClient.fetchQuery({
        queryKey: invoiceKeys.documents(order._id),
        queryFn: () => getOrderDocuments(order._id),
      });
      const invoice = documents.find((d) => d.kind === 'invoice');
      if (invoice) return download(invoice.pdfUrl);
    } catch {
      // The order's page says what went wrong, with a retry.
    } finally {
      setBusy(false);
    }
    void navigate(to);
  };

  return (
    <Link
      to={to}
      className="link link-primary inline-flex items-center gap-1 text-sm"
      aria-label={`Invoice of ${order.productName} (PDF)`}
      aria-busy={busy}
      onClick={(e) => void open(e)}
    >
      <FileDown aria-hidden="true" className="size-4" />
      Invoice
    </Link>
  );
}
