import { z } from 'zod';
import { messages } from '@shared/messages';

/** The token of a mailed verification link (Better Auth's signed JWT), as the link's page passes it on. */
const tokenField = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(4096, { error: 'is not a verification token' });

export const verificationQuerySchema = z.object({ token: tokenField });

/** GET /api/email-verification: what a link is about; reading it changes nothing (mail scanners open links). */
export const verificationStateSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
  /** The caller is signed in to this account: one click finishes, no password asked. */
  signedIn: z.boolean(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

/** POST /api/email-verification: the password is needed unless the caller is signed in to the account. */
export const verifyEmailBodySchema = z.object({
  token: tokenField,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(128, { error: 'must be at most 128 characters' })
    .optional(),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export const verifiedSchema = z.object({ email: z.string(), verified: z.literal(true) });

/** POST /api/email-verification/decline: "I didn't create this account". */
export const declineAccountBodySchema = z.object({ token: tokenField });
export const accountRemovedSchema = z.object({ email: z.string(), removed: z.literal(true) });

/** The page's form: a password, under the login form's rule (no length rule: old accounts may have any). */
export const verifyWithPasswordSchema = z.object({
  password: z.string({ error: messages.passwordRequired }).min(1, { error: messages.passwordRequired }),
});
export type VerifyWithPasswordInput = z.infer<typeof verifyWithPasswordSchema>;
