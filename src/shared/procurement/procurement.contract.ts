import { z } from 'zod';
import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { procurementCalls } from './procurement.calls';
import {
  companyItemParamsSchema,
  companyParamsSchema,
  connectionCreatedSchema,
  connectionCreateSchema,
  connectionSchema,
  documentQueuedSchema,
  documentSchema,
  documentsQuerySchema,
  punchoutSessionSchema,
} from './procurement.schema';

const company = { params: companyParamsSchema };
const item = { params: companyItemParamsSchema };
const procurementSchemas = {
  connections: { ...company, response: z.array(connectionSchema) },
  connect: { ...company, body: connectionCreateSchema, response: connectionCreatedSchema, status: 201 },
  disconnect: { ...item, response: z.null(), status: 204 },
  documents: { ...company, query: documentsQuerySchema, response: z.array(documentSchema) },
  resend: { ...item, response: documentQueuedSchema, status: 202 },
  session: { response: punchoutSessionSchema },
} satisfies Record<string, CallSchemas>;
export type ProcurementSchemas = typeof procurementSchemas;

/** The procurement admin calls and the punchout session's state, with their schemas. */
export const procurementContract = defineContract(procurementCalls, procurementSchemas);
