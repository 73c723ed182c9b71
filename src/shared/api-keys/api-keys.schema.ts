import { z } from 'zod';
import { cursorParam, limitParam } from '../common/paging.schema';
import { apiScopes, DEFAULT_API_KEY_RATE } from './api-keys.scopes';

export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** A key as the admin's list shows it: never its secret. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  ratePerMinute: z.number().int(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  status: z.enum(apiKeyStatuses),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/api-keys (admin). `expiresOn`: the last day (UTC) the key works; none: until revoked. */
export const apiKeyCreateSchema = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(80, { error: 'must be at most 80 characters' }),
  scopes: z
    .array(z.enum(apiScopes, { error: `must be one of ${apiScopes.join(', ')}` }), {
      error: 'must be a list of scopes',
    })
    .min(1, { error: 'choose at least one scope' })
    .transform((s) => [...new Set(s)]),
  expiresOn: z
    .string()
    .regex(DATE, { error: 'must be a date (YYYY-MM-DD)' })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { error: 'must be a real date' })
    .nullish(),
  ratePerMinute: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100,000' })
    .default(DEFAULT_API_KEY_RATE),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** The answer to a creation: the only time the secret is ever shown. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListQuerySchema = z.object({ limit: limitParam(25), cursor: cursorParam });
export type ApiKeyListQuery = z.infer<typeof apiKeyListQuerySchema>;
