import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { taxCalls } from './tax.calls';
import { taxRatesInputSchema, taxRatesSchema } from './tax.schema';

const taxSchemas = {
  rates: { response: taxRatesSchema },
  replaceRates: { body: taxRatesInputSchema, response: taxRatesSchema },
} satisfies Record<string, CallSchemas>;
export type TaxSchemas = typeof taxSchemas;

/** The sales-tax admin calls with their schemas. */
export const taxContract = defineContract(taxCalls, taxSchemas);
