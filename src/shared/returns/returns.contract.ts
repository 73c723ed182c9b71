import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/common.schema';
import { returnsCalls } from './returns.calls';
import {
  returnApproveSchema,
  returnCreateSchema,
  returnListQuerySchema,
  returnListSchema,
  returnPoliciesSchema,
  returnReceiveSchema,
  returnRejectSchema,
  returnResolveSchema,
  returnSchema,
} from './returns.schema';

const returnsSchemas = {
  create: { body: returnCreateSchema, response: returnSchema, status: 201 },
  mine: { query: returnListQuerySchema, response: returnListSchema },
  list: { query: returnListQuerySchema, response: returnListSchema },
  get: { params: idParamsSchema, response: returnSchema },
  approve: { params: idParamsSchema, body: returnApproveSchema, response: returnSchema },
  reject: { params: idParamsSchema, body: returnRejectSchema, response: returnSchema },
  receive: { params: idParamsSchema, body: returnReceiveSchema, response: returnSchema },
  resolve: { params: idParamsSchema, body: returnResolveSchema, response: returnSchema },
  policies: { response: returnPoliciesSchema },
  setPolicies: { body: returnPoliciesSchema, response: returnPoliciesSchema },
} satisfies Record<string, CallSchemas>;
export type ReturnsSchemas = typeof returnsSchemas;

export const returnsContract = defineContract(returnsCalls, returnsSchemas);
