import { z } from 'zod';

const positive = (unit: string) =>
  z.coerce.number({ error: `must be a number of ${unit}` }).positive({ error: 'must be more than 0' });
const count = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(fallback);

/** The order rules' part of the environment, validated with the rest of it in config.ts. */
export const orderEnvShape = {
  CHECKOUT_WINDOW_MINUTES: positive('minutes').optional(),
  /** The former name of the checkout window, in hours; still honoured when CHECKOUT_WINDOW_MINUTES is unset. */
  ORDER_EXPIRY_HOURS: positive('hours').optional(),
  MAX_UNPAID_ORDERS: count(5),
  MAX_RESERVED_UNITS: count(1000),
  REFUND_RETRY_LIMIT: z.coerce.number().int({ error: 'must be a whole number' }).min(0).max(100).default(20),
  REFUND_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int({ error: 'must be whole seconds' })
    .min(1)
    .max(3600)
    .default(30),
};

/** How a refund the provider could not make at once is retried (the delay about doubles each time). */
export interface RefundRetry {
  limit: number;
  delaySeconds: number;
}

export interface OrderLimits {
  /** How many unpaid, unexpired orders one customer may hold at once. */
  maxUnpaidOrders: number;
  /** How many units those unpaid orders may reserve together. */
  maxReservedUnits: number;
}

type OrderEnv = z.output<z.ZodObject<typeof orderEnvShape>>;

/** Unpaid orders hold stock for a short checkout window (30 minutes unless configured). */
export function orderSettings(e: OrderEnv): {
  orderExpiryMs: number;
  orderLimits: OrderLimits;
  refundRetry: RefundRetry;
} {
  const minutes = e.CHECKOUT_WINDOW_MINUTES ?? (e.ORDER_EXPIRY_HOURS ? e.ORDER_EXPIRY_HOURS * 60 : 30);
  return {
    orderExpiryMs: Math.round(minutes * 60_000),
    orderLimits: { maxUnpaidOrders: e.MAX_UNPAID_ORDERS, maxReservedUnits: e.MAX_RESERVED_UNITS },
    refundRetry: { limit: e.REFUND_RETRY_LIMIT, delaySeconds: e.REFUND_RETRY_DELAY_SECONDS },
  };
}
