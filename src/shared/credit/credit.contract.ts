import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { creditCalls } from './credit.calls';
import {
  accountOptionSchema,
  accountPaymentSchema,
  accountSummarySchema,
  acknowledgedSchema,
  bankTransferInputSchema,
  cardPaymentConfirmSchema,
  cardPaymentInputSchema,
  cardPaymentStartedSchema,
  checkoutParamsSchema,
  companyParamsSchema,
  paidOnAccountSchema,
  paymentParamsSchema,
  statementPageSchema,
  statementQuerySchema,
  termsInputSchema,
} from './credit.schema';

const creditSchemas = {
  setTerms: { params: companyParamsSchema, body: termsInputSchema, response: accountSummarySchema },
  removeTerms: { params: companyParamsSchema, response: acknowledgedSchema },
  account: { params: companyParamsSchema, response: accountSummarySchema },
  statement: { params: companyParamsSchema, query: statementQuerySchema, response: statementPageSchema },
  startCardPayment: {
    params: companyParamsSchema,
    body: cardPaymentInputSchema,
    response: cardPaymentStartedSchema,
    status: 201,
  },
  confirmCardPayment: {
    params: paymentParamsSchema,
    body: cardPaymentConfirmSchema,
    response: accountPaymentSchema,
  },
  bankTransfer: {
    params: companyParamsSchema,
    body: bankTransferInputSchema,
    response: accountPaymentSchema,
    status: 201,
  },
  accountOption: { params: checkoutParamsSchema, response: accountOptionSchema },
  payOnAccount: { params: checkoutParamsSchema, response: paidOnAccountSchema },
} satisfies Record<string, CallSchemas>;
export type CreditSchemas = typeof creditSchemas;
export const creditContract = defineContract(creditCalls, creditSchemas);
