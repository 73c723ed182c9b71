import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { accountsCalls } from './accounts.calls';
import {
  acknowledgedSchema,
  emailParamsSchema,
  profileSchema,
  profileUpdateSchema,
  userListSchema,
  userLoginBodySchema,
  userLoginResponseSchema,
  userRoleSchema,
} from './accounts.schema';
import { userListQuerySchema } from './users-list.schema';
import { firstAdminBodySchema, firstAdminCreatedSchema } from './first-admin.schema';
import {
  accountRemovedSchema,
  declineAccountBodySchema,
  verificationQuerySchema,
  verificationStateSchema,
  verifiedSchema,
  verifyEmailBodySchema,
} from './email-verification.schema';

const accountsSchemas = {
  token: {
    params: emailParamsSchema,
    body: userLoginBodySchema.optional(),
    response: userLoginResponseSchema,
  },
  role: { params: emailParamsSchema, response: userRoleSchema },
  users: { query: userListQuerySchema, response: userListSchema },
  makeAdmin: { params: emailParamsSchema, response: acknowledgedSchema },
  demoteAdmin: { params: emailParamsSchema, response: acknowledgedSchema },
  profile: { params: emailParamsSchema, response: profileSchema },
  updateProfile: { params: emailParamsSchema, body: profileUpdateSchema, response: acknowledgedSchema },
  verificationState: { query: verificationQuerySchema, response: verificationStateSchema },
  verifyEmail: { body: verifyEmailBodySchema, response: verifiedSchema },
  declineAccount: { body: declineAccountBodySchema, response: accountRemovedSchema },
  firstAdmin: { body: firstAdminBodySchema, response: firstAdminCreatedSchema },
} satisfies Record<string, CallSchemas>;
export type AccountsSchemas = typeof accountsSchemas;

/** The accounts calls with their schemas (Better Auth's own /api/auth/* calls are not ours to describe). */
export const accountsContract = defineContract(accountsCalls, accountsSchemas);
