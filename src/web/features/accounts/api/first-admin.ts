import { accountsCalls } from '@shared/accounts/accounts.calls';
import type { FirstAdminBody } from '@shared/accounts/first-admin.schema';
import { callApi } from '@/lib/call-api';

/** POST /api/setup/first-admin: creates the shop's first admin with the token of the printed link. */
export const createFirstAdmin = (body: FirstAdminBody) => callApi(accountsCalls.firstAdmin, { body });
