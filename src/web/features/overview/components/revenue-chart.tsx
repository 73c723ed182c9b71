import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export interface RevenuePoint {
  /** The day as people read it ("May 3"). */
  label: string;
  /** In cents. */
  revenue: number;
}

/**
 * The overview's revenue bars: the only module that imports recharts, loaded on demand by the overview page so
 * no other page downloads it. Imports nothing of the app (the page passes labels and the money format), so its
 * chunk depends on the framework only. Decorative for assistive technology: the page wraps it in role="img" with
 * a summary and offers the same numbers as a table.
 */
export default function RevenueChart({
  data,
  formatMoney,
}: {
  data: RevenuePoint[];
  formatMoney: (cents: number) => string;
}) {
  return (
    <BarChart
      data={data}
      responsive
      accessibilityLayer={false}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      style={{ width: '100%', height: '100%' }}
    >
      <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
      <XAxis
        dataKey="label"
        tickLine={false}
        axisLine={false}
        interval="preserveStartEnd"
        minTickGap={16}
        tick={{ fill: 'currentColor', fontSize: 12 }}
      />
      <YAxis
        width={64}
        tickLine={false}
        axisLine={false}
        tick={{ fill: 'currentColor', fontSize: 12 }}
        tickFormatter={(v: number) => formatMoney(v).replace(/\.00$/, '')}
      />
      <Tooltip
        cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
        formatter={(value) => [formatMoney(Number(value)), 'Revenue']}
        contentStyle={{
          background: 'var(--color-base-100)',
          border: '1px solid var(--color-base-300)',
          borderRadius: '0.5rem',
          color: 'var(--color-base-content)',
        }}
      />
      <Bar dataKey="revenue" fill="var(--color-primary)" radius={[4, 4, 0, 0]} maxBarSize={32} />
    </BarChart>
  );
}
