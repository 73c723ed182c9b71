import { z } from 'zod';
import { emailField } from './accounts.schema';

/** The first admin runs the shop: a longer password than a customer's six characters. */
export const FIRST_ADMIN_PASSWORD_LENGTH = 12;

/**
 * POST /api/setup/first-admin: creates the shop's first admin with the one-time token the first start printed
 * (decision 046).
 */
export const firstAdminBodySchema = z.object({
  token: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200),
  name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(100),
  email: emailField,
  password: z
    .string({ error: 'is required' })
    .min(FIRST_ADMIN_PASSWORD_LENGTH, {
      error: `must be at least ${FIRST_ADMIN_PASSWORD_LENGTH} characters`,
    })
    .max(128, { error: 'must be at most 128 characters' }),
});
export type FirstAdminBody = z.infer<typeof firstAdminBodySchema>;

export const firstAdminCreatedSchema = z.object({ acknowledged: z.literal(true), email: z.string() });

/** What the setup page and the start-up log say. */
export const firstAdminMessages = {
  used: 'This setup link has been used or is not valid: an admin can sign in; otherwise open the link the shop printed at its last start.',
  tooManyAttempts: 'Too many attempts to create the first admin from your network. Please try again later.',
  adminExists: 'The shop already has an admin: sign in, or ask an admin to make you one.',
  emailTaken: 'is already registered: choose another address',
} as const;
