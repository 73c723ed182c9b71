import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Overview } from '@shared/overview/overview.schema';
import { formatCount } from '@/lib/format';
import { formatCents } from '@shared/common/money';
import type { RevenuePoint } from './revenue-chart';

// recharts arrives with this chunk only, when the overview shows its chart.
const RevenueChart = lazy(() => import('./revenue-chart'));

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLong = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** A chart that cannot load (a deploy replaced its chunk, the network dropped) leaves the table to tell. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return (
        <p className="flex h-full items-center justify-center text-center text-base-content/75">
          The chart could not load. The table below has the same numbers.
        </p>
      );
    return this.props.children;
  }
}

/** What the chart shows, in one sentence for screen readers. */
export function revenueSummary(days: Overview['revenueByDay']): string {
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  if (total === 0) return `Revenue per day over the last ${days.length} days: no paid orders.`;
  const best = days.reduce((a, b) => (b.revenueCents > a.revenueCents ? b : a));
  return (
    `Revenue per day over the last ${days.length} days: ${formatCents(total)} in total from ` +
    `${formatCount(orders)} paid ${orders === 1 ? 'order' : 'orders'}; the best day was ` +
    `${dayLong.format(utcDay(best.date))} with ${formatCents(best.revenueCents)}.`
  );
}

/**
 * Revenue per day: the chart, a sentence for screen readers and the same numbers as a table. Purchases on account
 * count once their invoice is paid; what the open invoices still owe is shown beside, apart.
 */
export function RevenueSection({
  days,
  onAccountOpen,
}: {
  days: Overview['revenueByDay'];
  onAccountOpen?: Overview['onAccountOpen'] | undefined;
}) {
  const data: RevenuePoint[] = days.map((d) => ({
    label: dayLabel.format(utcDay(d.date)),
    revenue: d.revenueCents,
  }));
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  return (
    <section
      aria-labelledby="overview-revenue"
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="overview-revenue" className="text-xl font-bold">
          Revenue, last 30 days
        </h2>
        <p className="text-2xl font-bold text-primary">{formatCents(total)}</p>
      </div>
      <p className="mt-1 text-sm text-base-content/75">
        What was charged, by the day it was paid: goods, shipping and tax, less refunds.
        {onAccountOpen && onAccountOpen.invoices > 0 && (
          <>
            {' '}
            On account, open: <strong>{formatCents(onAccountOpen.cents)}</strong> in{' '}
            {formatCount(onAccountOpen.invoices)} {onAccountOpen.invoices === 1 ? 'invoice' : 'invoices'},
            counted once paid.
          </>
        )}
      </p>
      <div role="img" aria-label={revenueSummary(days)} className="mt-4 h-64 text-base-content/75">
        <ChartBoundary>
          <Suspense fallback={<div aria-hidden="true" className="skeleton h-full w-full" />}>
            <RevenueChart data={data} formatMoney={formatCents} />
          </Suspense>
        </ChartBoundary>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer font-medium">Revenue by day as a table</summary>
        <div className="mt-2 max-h-80 overflow-auto rounded-box border border-base-300">
          <table className="table table-sm table-pin-rows">
            <caption className="sr-only">Revenue and paid orders per day, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-end">
                  Paid orders
                </th>
                <th scope="col" className="text-end">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="font-normal whitespace-nowrap">
                    <time dateTime={d.date}>{dayLong.format(utcDay(d.date))}</time>
                  </th>
                  <td className="text-end">{formatCount(d.orders)}</td>
                  <td className="text-end whitespace-nowrap">{formatCents(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
