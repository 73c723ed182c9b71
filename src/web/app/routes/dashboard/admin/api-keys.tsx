import { ApiKeysAdmin } from '@/features/api-keys/components/api-keys-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/api-keys (admin): the keys integrations call the API with. */
export function Component() {
  useDocumentTitle('API keys');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API keys</h1>
      <p className="mt-2 text-base-content/75">
        Keys let another system (an ERP, accounting) read orders, invoices, shipments and products, and change
        prices and stock, through the API. A key reaches only what its scopes allow, never accounts or admin
        roles.
      </p>
      <ApiKeysAdmin />
    </section>
  );
}
