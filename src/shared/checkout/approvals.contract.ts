import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { companyParamsSchema } from '../companies/companies.schema';
import { approvalsCalls } from './approvals.calls';
import {
  approvalDecisionSchema,
  approvalListSchema,
  approvalParamsSchema,
  approvalQuerySchema,
  approvalSchema,
} from './approvals.schema';

const approvalsSchemas = {
  list: { params: companyParamsSchema, query: approvalQuerySchema, response: approvalListSchema },
  get: { params: approvalParamsSchema, response: approvalSchema },
  decide: { params: approvalParamsSchema, body: approvalDecisionSchema, response: approvalSchema },
} satisfies Record<string, CallSchemas>;
export type ApprovalsSchemas = typeof approvalsSchemas;

/** The approvals' calls with their schemas. */
export const approvalsContract = defineContract(approvalsCalls, approvalsSchemas);
