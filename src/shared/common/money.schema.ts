import { z } from 'zod';
import { parseDollars } from './money-parse';

/**
 * A dollar amount typed in an admin form → cents, by the one parser: "1,234.50" → 123450. The API keeps cents; a
 * form validates with this before it sends, so a person types dollars and never counts cents by hand.
 */
export const dollarsTextSchema = (opts: { allowNegative?: boolean; max?: number } = {}) =>
  z.string({ error: 'is required' }).transform((text, ctx) => {
    const parsed = parseDollars(text, opts);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    if (opts.max !== undefined && parsed.cents > opts.max) {
      ctx.addIssue({ code: 'custom', message: 'is too large' });
      return z.NEVER;
    }
    return parsed.cents;
  });
