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
  /** Units one company's checkouts awaiting approval may hold beyond the checkout window (decision 054); 0: none. */
  APPROVAL_HOLD_MAX_UNITS: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .default(1000),
  REFUND_RETRY_LIMIT: z.coerce.number().int({ error: 'must be a whole number' }).min(0).max(100).default(20),
  REFUND_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int({ error: 'must be whole seconds' })
    .min(1)
    .max(3600)
    .default(30),
  /**
   * The built-in test processor refuses this many refunds before it makes them (decision 060), so the durable refund
   * job's retries can be tested without replacing the provider, in child processes too. Ignored with Stripe.
   */
  TEST_PAYMENTS_REFUSE_REFUNDS: z.coerce.number().int({ error: 'must be a whole number' }).min(0).default(0),
  /** Paying on account (docs/decisions/041-paying-on-account.md): days overdue that put a company on credit hold. */
  CREDIT_HOLD_DAYS: z.coerce.number().int({ error: 'must be whole days' }).min(0).max(365).default(30),
  /** Days before an account invoice's due date that its reminder is mailed. */
  ACCOUNT_REMINDER_DAYS: z.coerce.number().int({ error: 'must be whole days' }).min(1).max(60).default(5),
};

/** Paying on account: when a company goes on credit hold and when reminders are mailed. */
export interface CreditSettings {
  /** An open invoice more than this many days past its due date puts the company on credit hold. */
  holdAfterDays: number;
  /** The reminder before the due date goes this many days ahead of it; the other one the day after it. */
  reminderDaysBefore: number;
}

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
  /**
   * How many units one company's checkouts awaiting approval may hold for their approval window together; a checkout
   * beyond it still asks for approval, its stock held for the checkout window only (decision 054).
   */
  approvalHoldMaxUnits: number;
}

type OrderEnv = z.output<z.ZodObject<typeof orderEnvShape>>;

/** Unpaid orders hold stock for a short checkout window (30 minutes unless configured). */
export function orderSettings(e: OrderEnv): {
  orderExpiryMs: number;
  orderLimits: OrderLimits;
  refundRetry: RefundRetry;
  credit: CreditSettings;
  testRefundRefusals: number;
} {
  const minutes = e.CHECKOUT_WINDOW_MINUTES ?? (e.ORDER_EXPIRY_HOURS ? e.ORDER_EXPIRY_HOURS * 60 : 30);
  return {
    orderExpiryMs: Math.round(minutes * 60_000),
    orderLimits: {
      maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
      maxReservedUnits: e.MAX_RESERVED_UNITS,
      approvalHoldMaxUnits: e.APPROVAL_HOLD_MAX_UNITS,
    },
    refundRetry: { limit: e.REFUND_RETRY_LIMIT, delaySeconds: e.REFUND_RETRY_DELAY_SECONDS },
    credit: { holdAfterDays: e.CREDIT_HOLD_DAYS, reminderDaysBefore: e.ACCOUNT_REMINDER_DAYS },
    testRefundRefusals: e.TEST_PAYMENTS_REFUSE_REFUNDS,
  };
}
