import { ShippingAdmin } from '@/features/shipping/components/shipping-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/shipping (admin): shipping methods and rates, zones, pickup locations and sales tax rates. */
export function Component() {
  useDocumentTitle('Shipping & tax');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Shipping &amp; tax</h1>
      <p className="mt-2 text-base-content/75">
        What checkout offers and charges: the shipping methods with their rates, the parcel zone of each
        state, the will-call pickup locations and the sales tax rate of each destination. Prices are whole
        cents and weights grams, as stored; dollars and pounds or kilograms are shown beside them.
      </p>
      <ShippingAdmin />
    </section>
  );
}
