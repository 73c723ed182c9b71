import { useState } from 'react';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import type { CompanyView } from '@shared/companies/companies.schema';
import { formatCents } from '@shared/common/money';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCompanyPages, useReorder } from '../api/companies';
import { PagedItems, Section } from './company-parts';

/** The company's orders, quotes and invoices, one tab at a time (a tab reads only when shown). */
export function History({ company }: { company: CompanyView }) {
  const [tab, setTab] = useState<'orders' | 'quotes' | 'invoices'>('orders');
  const orders = useCompanyPages(calls.orders, company._id, 'orders', tab === 'orders');
  const quotes = useCompanyPages(calls.quotes, company._id, 'quotes', tab === 'quotes');
  const invoices = useCompanyPages(calls.invoices, company._id, 'invoices', tab === 'invoices');
  const reorder = useReorder(company._id);
  return (
    <Section title="Company orders">
      <div role="group" aria-label="Show" className="join mt-3">
        {(['orders', 'quotes', 'invoices'] as const).map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={tab === t}
            className={`btn join-item btn-sm ${tab === t ? 'btn-primary' : ''}`}
            onClick={() => setTab(t)}
          >
            {t[0]!.toUpperCase() + t.slice(1)}
          </button>
        ))}
      </div>
      {tab === 'orders' && (
        <PagedItems query={orders} what="orders" empty="No orders placed for the company yet.">
          {(items) => (
            <div className="mt-3 overflow-x-auto">
              <table className="table">
                <caption className="sr-only">The company's orders, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Ordered by</th>
                    <th scope="col">Product</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Total</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((o) => (
                    <tr key={o._id}>
                      <td>{formatDate(o.createdAt)}</td>
                      <td>
                        {o.buyerName} ({o.buyerEmail})
                      </td>
                      <td>{o.productName}</td>
                      <td>{o.quantity}</td>
                      <td>{formatCents(o.totalCents)}</td>
                      <td>
                        {o.orderStatus}, {o.paymentStatus ? 'Paid' : 'Unpaid'}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-xs"
                          disabled={reorder.isPending}
                          onClick={() =>
                            reorder.mutate(o._id, {
                              onSuccess: () => void notify('success', `${o.productName} added to your cart`),
                              onError: (e) => void notify('error', e.message),
                            })
                          }
                        >
                          Order {o.productName} again
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedItems>
      )}
      {tab === 'quotes' && (
        <PagedItems query={quotes} what="quotes" empty="No requests for quote yet.">
          {(items) => (
            <ul className="mt-3 divide-y divide-base-300">
              {items.map((q) => (
                <li key={q._id} className="py-2">
                  {formatDate(q.createdAt)} — {q.buyerName} ({q.buyerEmail}) — {q.lineCount} lines —{' '}
                  {q.status}
                </li>
              ))}
            </ul>
          )}
        </PagedItems>
      )}
      {tab === 'invoices' && (
        <PagedItems query={invoices} what="invoices" empty="No invoices yet.">
          {(items) => (
            <ul className="mt-3 divide-y divide-base-300">
              {items.map((i) => (
                <li key={i._id} className="py-2">
                  {i.number} ({i.kind === 'invoice' ? 'invoice' : 'credit note'}) — {formatDate(i.issuedAt)} —{' '}
                  {i.buyerName} ({i.buyerEmail}) — {formatCents(i.totalCents)}
                </li>
              ))}
            </ul>
          )}
        </PagedItems>
      )}
    </Section>
  );
}
