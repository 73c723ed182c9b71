import { z } from 'zod';
import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { emailParamsSchema } from '../accounts/accounts.schema';
import { errorBodySchema } from '../common/common.schema';
import { invoiceListSchema } from '../invoices/invoices.schema';
import { checkoutCalls } from './checkout.calls';
import { refundOrderSchema } from '../orders/orders.schema';
import { ratesRequestSchema, ratesSchema, savedAddressesSchema } from '../orders/delivery.schema';
import {
  checkoutCreateSchema,
  checkoutLinesProblemSchema,
  checkoutPaidSchema,
  checkoutParamsSchema,
  checkoutPaySchema,
  checkoutSchema,
} from './checkout.schema';

const checkoutSchemas = {
  create: {
    params: emailParamsSchema,
    body: checkoutCreateSchema,
    response: checkoutSchema,
    status: 201,
  },
  checkout: { params: checkoutParamsSchema, response: checkoutSchema },
  invoices: { params: checkoutParamsSchema, response: invoiceListSchema },
  pay: { params: checkoutParamsSchema, body: checkoutPaySchema, response: checkoutPaidSchema },
  refund: { params: checkoutParamsSchema, body: refundOrderSchema.nullish(), response: checkoutSchema },
  cancel: { params: checkoutParamsSchema, response: checkoutSchema },
  rates: { params: emailParamsSchema, body: ratesRequestSchema, response: ratesSchema },
  addresses: { params: emailParamsSchema, response: savedAddressesSchema },
} satisfies Record<string, CallSchemas>;
export type CheckoutSchemas = typeof checkoutSchemas;

/** A refused checkout's 409: the lines at fault, or (an empty cart) the usual error body. */
export const checkoutConflictSchema = z.union([checkoutLinesProblemSchema, errorBodySchema]);

/** The checkout's calls with their schemas: the server's routes take their URL and schemas from here. */
export const checkoutContract = defineContract(checkoutCalls, checkoutSchemas);
