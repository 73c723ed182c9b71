import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/common.schema';
import { cartCalls } from './cart.calls';
import {
  cartLineAddSchema,
  cartLineParamsSchema,
  cartLineSchema,
  cartLineSetSchema,
  cartParamsSchema,
  cartSchema,
  quickOrderQuerySchema,
  quickOrderResultSchema,
  quickOrderSchema,
  reorderResultSchema,
} from './cart.schema';

const cartSchemas = {
  cart: { params: cartParamsSchema, response: cartSchema },
  addLine: { params: cartParamsSchema, body: cartLineAddSchema, response: cartSchema },
  setLine: { params: cartLineParamsSchema, body: cartLineSetSchema, response: cartSchema },
  removeLine: { params: cartLineParamsSchema, response: cartSchema },
  empty: { params: cartParamsSchema, response: cartSchema },
  quickOrder: {
    params: cartParamsSchema,
    query: quickOrderQuerySchema,
    // Null for an upload: @fastify/multipart leaves the body to the handler.
    body: quickOrderSchema.nullish(),
    response: quickOrderResultSchema,
  },
  priceLine: { params: cartParamsSchema, body: cartLineAddSchema, response: cartLineSchema },
  reorderOrder: { params: idParamsSchema, response: reorderResultSchema },
  reorderCheckout: { params: idParamsSchema, response: reorderResultSchema },
} satisfies Record<string, CallSchemas>;
export type CartSchemas = typeof cartSchemas;

/** The cart's calls with their schemas: the server's routes take their URL and schemas from here. */
export const cartContract = defineContract(cartCalls, cartSchemas);
