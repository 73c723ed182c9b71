import { orderSorts, type OrderSort } from '@shared/orders/orders-list.schema';
import { orderStatuses } from '@shared/orders/orders.schema';
import { fulfilmentLabels, fulfilmentStates } from '@shared/orders/order-status';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { oneOf, parseListParams, useListState, type ListState } from '@/lib/use-list-state';
import type { OrderListParams } from '../api/get-all-orders';

const defaults = { q: '', status: '', fulfilment: '', paid: '', sort: 'newest' as OrderSort, limit: '25' };
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
    ...parseListParams(v, { sorts: orderSorts, defaults }),
    status: oneOf(orderStatuses, v.status),
    fulfilment: oneOf(fulfilmentStates, v.fulfilment),
    paid: oneOf(['true', 'false'], v.paid),
    cursor: state.cursor,
  };
  return { state, params };
}

export function AllOrdersToolbar({ state, params }: { state: ListState<Key>; params: OrderListParams }) {
  return (
    <ListToolbar
      search={{
        label: 'Search orders',
        placeholder: 'Customer email, order number (#1001) or id',
        value: params.q ?? '',
      }}
      limit={params.limit}
      onChange={state.set}
      choices={[
        {
          name: 'status',
          label: 'Status',
          value: params.status ?? '',
          options: [['', 'All'], ...orderStatuses.map((s) => [s, s] as const)],
        },
        {
          name: 'fulfilment',
          label: 'Fulfilment',
          value: params.fulfilment ?? '',
          options: [['', 'All'], ...fulfilmentStates.map((s) => [s, fulfilmentLabels[s]] as const)],
        },
        {
          name: 'paid',
          label: 'Payment',
          value: params.paid ?? '',
          options: [
            ['', 'All'],
            ['true', 'Paid'],
            ['false', 'Unpaid'],
          ],
        },
        {
          name: 'sort',
          label: 'Sort',
          value: params.sort,
          options: orderSorts.map((s) => [s, sortLabels[s]]),
        },
      ]}
    />
  );
}
