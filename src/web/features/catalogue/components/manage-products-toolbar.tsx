import { adminProductSorts, type AdminProductSort } from '@shared/catalogue/admin-products.schema';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { parseListParams, useListState, type ListState } from '@/lib/use-list-state';
import type { AdminProductParams } from '../api/get-admin-products';

const defaults = { q: '', show: '', stock: '', sort: 'newest' as AdminProductSort, limit: '25' };
type Key = keyof typeof defaults;

const sortLabels: Record<AdminProductSort, string> = {
  newest: 'Newest first',
  name: 'Name A–Z',
  price_asc: 'Price, lowest first',
  price_desc: 'Price, highest first',
  stock: 'Stock, lowest first',
};

/**
 * Manage Products' search, live/deleted and low-stock filters, sort and page size, read from the URL (unknown values
 * fall back).
 */
export function useProductListState() {
  const state = useListState(defaults);
  const v = state.values;
  const params: AdminProductParams = {
    ...parseListParams(v, { sorts: adminProductSorts, defaults }),
    lowStock: v.stock === 'low' ? 'true' : undefined,
    deleted: v.show === 'deleted' ? 'true' : undefined,
    cursor: state.cursor,
  };
  return { state, params };
}

export function ManageProductsToolbar({
  state,
  params,
}: {
  state: ListState<Key>;
  params: AdminProductParams;
}) {
  return (
    <ListToolbar
      search={{ label: 'Search products', placeholder: 'Name or SKU', value: params.q ?? '' }}
      limit={params.limit}
      onChange={state.set}
      choices={[
        {
          name: 'show',
          label: 'Show',
          value: params.deleted ? 'deleted' : '',
          options: [
            ['', 'In the catalogue'],
            ['deleted', 'Deleted products'],
          ],
        },
        {
          name: 'stock',
          label: 'Stock',
          value: params.lowStock ? 'low' : '',
          options: [
            ['', 'All'],
            ['low', 'Low stock'],
          ],
        },
        {
          name: 'sort',
          label: 'Sort',
          value: params.sort,
          options: adminProductSorts.map((s) => [s, sortLabels[s]]),
        },
      ]}
    />
  );
}
