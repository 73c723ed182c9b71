import { adminProductSorts, type AdminProductSort } from '@shared/catalogue/admin-products.schema';
import { pageSizes } from '@shared/common/paging';
import { SelectField } from '@/components/ui/field';
import { SearchBox } from '@/components/ui/paged-list';
import { useListState, type ListState } from '@/lib/use-list-state';
import type { AdminProductParams } from '../api/get-admin-products';

const defaults = { q: '', stock: '', sort: 'newest', limit: '25' };
type Key = keyof typeof defaults;

const sortLabels: Record<AdminProductSort, string> = {
  newest: 'Newest first',
  name: 'Name A–Z',
  price_asc: 'Price, lowest first',
  price_desc: 'Price, highest first',
  stock: 'Stock, lowest first',
};

/** Manage Products' search, low-stock filter, sort and page size, read from the URL (unknown values fall back). */
export function useProductListState() {
  const state = useListState(defaults);
  const v = state.values;
  const params: AdminProductParams = {
    limit: pageSizes.map(String).includes(v.limit) ? v.limit : defaults.limit,
    sort: (adminProductSorts as readonly string[]).includes(v.sort) ? (v.sort as AdminProductSort) : 'newest',
    lowStock: v.stock === 'low' ? 'true' : undefined,
    q: v.q || undefined,
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
    <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-end">
      <SearchBox
        label="Search products"
        placeholder="Name or SKU"
        value={params.q ?? ''}
        onSearch={(q) => state.set({ q })}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <SelectField
          label="Stock"
          value={params.lowStock ? 'low' : ''}
          onChange={(e) => state.set({ stock: e.currentTarget.value })}
        >
          <option value="">All</option>
          <option value="low">Low stock</option>
        </SelectField>
        <SelectField
          label="Sort"
          value={params.sort}
          onChange={(e) => state.set({ sort: e.currentTarget.value })}
        >
          {adminProductSorts.map((s) => (
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
