import { userSorts, type UserSort } from '@shared/accounts/users-list.schema';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { oneOf, parseListParams, useListState, type ListState } from '@/lib/use-list-state';
import type { UserListParams } from '../api/get-users';

// Newest first: the account an admin is looking for has usually just registered.
const defaults = { q: '', role: '', sort: 'newest' as UserSort, limit: '25' };
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
    ...parseListParams(v, { sorts: userSorts, defaults }),
    role: oneOf(['admin', 'user'], v.role),
    cursor: state.cursor,
  };
  return { state, params };
}

export function MakeAdminToolbar({ state, params }: { state: ListState<Key>; params: UserListParams }) {
  return (
    <ListToolbar
      search={{ label: 'Search users', placeholder: 'Start of the email address', value: params.q ?? '' }}
      limit={params.limit}
      onChange={state.set}
      choices={[
        {
          name: 'role',
          label: 'Role',
          value: params.role ?? '',
          options: [
            ['', 'All'],
            ['admin', 'Admins'],
            ['user', 'Customers'],
          ],
        },
        {
          name: 'sort',
          label: 'Sort',
          value: params.sort,
          options: userSorts.map((s) => [s, sortLabels[s]]),
        },
      ]}
    />
  );
}
