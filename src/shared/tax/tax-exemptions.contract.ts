import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { emailParamsSchema } from '../accounts/accounts.schema';
import { idParamsSchema } from '../common/common.schema';
import { taxExemptionsCalls } from './tax-exemptions.calls';
import {
  exemptionDecisionSchema,
  exemptionListQuerySchema,
  myExemptionsQuerySchema,
  taxExemptionListSchema,
  taxExemptionSchema,
} from './tax-exemptions.schema';

const taxExemptionsSchemas = {
  // The body is multipart: its fields are checked by the route with exemptionUploadFieldsSchema.
  upload: { params: emailParamsSchema, response: taxExemptionSchema, status: 201 },
  mine: { params: emailParamsSchema, query: myExemptionsQuerySchema, response: taxExemptionListSchema },
  list: { query: exemptionListQuerySchema, response: taxExemptionListSchema },
  decide: { params: idParamsSchema, body: exemptionDecisionSchema, response: taxExemptionSchema },
} satisfies Record<string, CallSchemas>;
export type TaxExemptionsSchemas = typeof taxExemptionsSchemas;

/** The tax exemption calls with their schemas. */
export const taxExemptionsContract = defineContract(taxExemptionsCalls, taxExemptionsSchemas);
