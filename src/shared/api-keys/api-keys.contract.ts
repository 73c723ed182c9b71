import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/common.schema';
import { apiKeysCalls } from './api-keys.calls';
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListQuerySchema,
  apiKeyListSchema,
  apiKeySchema,
} from './api-keys.schema';

const apiKeysSchemas = {
  list: { query: apiKeyListQuerySchema, response: apiKeyListSchema },
  create: { body: apiKeyCreateSchema, response: apiKeyCreatedSchema, status: 201 },
  revoke: { params: idParamsSchema, response: apiKeySchema },
} satisfies Record<string, CallSchemas>;
export type ApiKeysSchemas = typeof apiKeysSchemas;

export const apiKeysContract = defineContract(apiKeysCalls, apiKeysSchemas);
