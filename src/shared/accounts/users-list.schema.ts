import { z } from 'zod';
import { cursorParam, limitParam, searchParam, SPEC_LIST_DEFAULT_LIMIT } from '@shared/common/paging.schema';
import { roleSchema } from './accounts.schema';

export const userSorts = ['oldest', 'newest', 'email'] as const;
export type UserSort = (typeof userSorts)[number];

/** GET /api/user (admin): the spec's array of users, a page at a time. */
export const userListQuerySchema = z.object({
  limit: limitParam(SPEC_LIST_DEFAULT_LIMIT).describe(`page size (default ${SPEC_LIST_DEFAULT_LIMIT})`),
  cursor: cursorParam,
  sort: z
    .enum(userSorts, { error: `must be one of ${userSorts.join(', ')}` })
    .default('oldest')
    .describe('oldest (default: registration order, as before paging), newest, or email (A to Z)'),
  role: roleSchema.optional().describe('admins only, or customers only'),
  q: searchParam.describe('the start of the email address'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
