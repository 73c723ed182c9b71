import { CheckCircle2, XCircle } from 'lucide-react';
import type { QuickOrderLine } from '@shared/cart/cart.schema';
import { formatCount } from '@/lib/format';

/** The quick order's answer, line by line: what each line names and whether it can go into the cart. */
export function QuickOrderReport({ lines, added }: { lines: QuickOrderLine[]; added: number | null }) {
  const ok = lines.filter((l) => !l.problem).length;
  const summary =
    added === null
      ? `Checked ${formatCount(lines.length)} ${lines.length === 1 ? 'line' : 'lines'}: ${formatCount(ok)} can go into the cart, ${formatCount(lines.length - ok)} cannot.`
      : `Added ${formatCount(added)} ${added === 1 ? 'line' : 'lines'} to your cart; ${formatCount(lines.length - ok)} left out.`;
  return (
    <section aria-labelledby="quick-order-report" className="mt-8">
      <h2 id="quick-order-report" className="text-xl font-semibold">
        {added === null ? 'Checked lines' : 'Added to your cart'}
      </h2>
      <p role="status" className="mt-1 text-base-content/75">
        {summary}
      </p>
      {/* One card per line in a narrow box (decision 019's addendum). */}
      <div className="card-table mt-4 overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <caption className="sr-only">Each line of the quick order and its result</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">SKU</th>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.line}>
                <td data-label="Line">{l.line}</td>
                <td data-label="SKU" className="font-mono">
                  {l.sku || '—'}
                </td>
                <td data-label="Product">{l.name ?? '—'}</td>
                <td data-label="Quantity">{l.quantity === null ? '—' : formatCount(l.quantity)}</td>
                <td data-label="Result">
                  {l.problem ? (
                    <span className="inline-flex items-start gap-1 text-error">
                      <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      {l.problem}
                    </span>
                  ) : (
                    <span className="inline-flex items-center gap-1 text-success">
                      <CheckCircle2 aria-hidden="true" className="size-4" />
                      {added === null ? 'OK' : 'Added'}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
