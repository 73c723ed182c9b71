import { WebhooksAdmin } from '@/features/webhooks/components/webhooks-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/webhooks (admins): signed event notifications to the shop's other systems (decision 061). */
export function Component() {
  useDocumentTitle('Webhooks');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Webhooks</h1>
      <p className="mt-2 text-base-content/75">
        Send orders, payments, shipments, invoices, quotes, product and stock changes to another system as
        they happen, signed per the Standard Webhooks specification. Failed deliveries are retried for 24
        hours.
      </p>
      <WebhooksAdmin />
    </section>
  );
}
