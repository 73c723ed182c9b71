import { z } from 'zod';

/** Every record id is a UUID; a malformed one is a 400, an unknown one a 404. */
export const idSchema = z.uuid({ error: 'must be a valid id' });
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/**
 * The one error body of the API. `message` is for people; `field`, when present, names the request field at fault
 * (dotted path, e.g. `quantity` or `address.city`) so a form can show the message beside that input.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorCodes = [
  'bad_request',
  'unauthorized',
  'payment_required',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
