import { Construction } from 'lucide-react';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** An honest placeholder for the dashboard pages that arrive with ordering and payments. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-6 flex items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 p-6">
        <Construction aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <p>
          <span className="font-semibold">Coming soon.</span> This part of the dashboard arrives with ordering
          and payments.
        </p>
      </div>
    </section>
  );
}
