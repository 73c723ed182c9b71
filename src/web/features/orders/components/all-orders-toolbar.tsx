import { orderSorts, type OrderSort } from '@shared/orders/orders-list.schema';
import { orderStatuses, type OrderStatus } from '@shared/orders/orders.schema';
import { pageSizes } from '@shared/common/paging';
import { SelectField } from '@/components/ui/field';
import { SearchBox } from '@/components/ui/paged-list';
import { useListState, type ListState } from '@/lib/use-list-state';
import type { OrderListParams } from '../api/get-all-orders';

const defaults = { q: '', status: '', paid: '', sort: 'newest', limit: '25' };
type Key = keyof typeof defaults;

const sortLabels: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total: 'Largest total first',
};

/** The orders list's search, filters, sort and page size, read from the URL (unknown values fall back). */
export function useOrderListState() {
  const state = useListState(defaults);
  const v = state.values;
  const params: OrderListParams = {
    limit: pageSizes.map(String).includes(v.limit) ? v.limit : defaults.limit,
    sort: (orderSorts as readonly string[]).includes(v.sort) ? (v.sort as OrderSort) : 'newest',
    status: (orderStatuses as readonly string[]).includes(v.status) ? (v.status as OrderStatus) : undefined,
    paid: v.paid === 'true' || v.paid === 'false' ? v.paid : undefined,
    q: v.q || undefined,
    cursor: state.cursor,
  };
  return { state, params };
}

export function AllOrdersToolbar({ state, params }: { state: ListState<Key>; params: OrderListParams }) {
  return (
    <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
      <SearchBox
        label="Search orders"
        placeholder="Customer email or order id"
        value={params.q ?? ''}
        onSearch={(q) => state.set({ q })}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <SelectField
          label="Status"
          value={params.status ?? ''}
          onChange={(e) => state.set({ status: e.currentTarget.value })}
        >
          <option value="">All</option>
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment"
          value={params.paid ?? ''}
          onChange={(e) => state.set({ paid: e.currentTarget.value })}
        >
          <option value="">All</option>
          <option value="true">Paid</option>
          <option value="false">Unpaid</option>
        </SelectField>
        <SelectField
          label="Sort"
          value={params.sort}
          onChange={(e) => state.set({ sort: e.currentTarget.value })}
        >
          {orderSorts.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Rows per page"
          value={params.limit}
          onChange={(e) => state.set({ limit: e.currentTarget.value })}
        >
          {pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}
