import { userSorts, type UserSort } from '@shared/accounts/users-list.schema';
import { pageSizes } from '@shared/common/paging';
import { SelectField } from '@/components/ui/field';
import { SearchBox } from '@/components/ui/paged-list';
import { useListState, type ListState } from '@/lib/use-list-state';
import type { UserListParams } from '../api/get-users';

// Newest first: the account an admin is looking for has usually just registered.
const defaults = { q: '', role: '', sort: 'newest', limit: '25' };
type Key = keyof typeof defaults;

const sortLabels: Record<UserSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  email: 'Email A–Z',
};

/** The users list's search, role filter, sort and page size, read from the URL (unknown values fall back). */
export function useUserListState() {
  const state = useListState(defaults);
  const v = state.values;
  const params: UserListParams = {
    limit: pageSizes.map(String).includes(v.limit) ? v.limit : defaults.limit,
    sort: (userSorts as readonly string[]).includes(v.sort) ? (v.sort as UserSort) : 'newest',
    role: v.role === 'admin' || v.role === 'user' ? v.role : undefined,
    q: v.q || undefined,
    cursor: state.cursor,
  };
  return { state, params };
}

export function MakeAdminToolbar({ state, params }: { state: ListState<Key>; params: UserListParams }) {
  return (
    <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-end">
      <SearchBox
        label="Search users"
        placeholder="Start of the email address"
        value={params.q ?? ''}
        onSearch={(q) => state.set({ q })}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <SelectField
          label="Role"
          value={params.role ?? ''}
          onChange={(e) => state.set({ role: e.currentTarget.value })}
        >
          <option value="">All</option>
          <option value="admin">Admins</option>
          <option value="user">Customers</option>
        </SelectField>
        <SelectField
          label="Sort"
          value={params.sort}
          onChange={(e) => state.set({ sort: e.currentTarget.value })}
        >
          {userSorts.map((s) => (
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
