import { z } from 'zod';
import { messages } from '@shared/messages';

/** Minimum password length (Better Auth is configured with the same). */
export const MIN_PASSWORD_LENGTH = 6;

// A deliberately simple address pattern: the verification mail is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired })
  .regex(EMAIL_PATTERN, { error: messages.emailInvalid });

const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort });

export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The register form; the page checks that the two passwords match (a mismatch silently does nothing). */
export const registerSchema = z.object({
  name: z.string({ error: messages.nameRequired }).trim().min(1, { error: messages.nameRequired }).max(100),
  email: emailField,
  password: passwordField,
  confirmPassword: z
    .string({ error: messages.confirmPasswordRequired })
    .min(1, { error: messages.confirmPasswordRequired })
    .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const newPasswordSchema = z.object({
  password: passwordField,
  confirmPassword: z
    .string({ error: messages.confirmPasswordRequired })
    .min(1, { error: messages.confirmPasswordRequired })
    .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort }),
});
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

export const roleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof roleSchema>;

export const emailParamsSchema = z.object({ email: z.email({ error: 'must be an email address' }) });

/** GET /api/user/{email} */
export const userRoleSchema = z.object({ email: z.string(), role: roleSchema });
export type UserRole = z.infer<typeof userRoleSchema>;

/** GET /api/user: every user (admin). */
export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type UserSummary = z.infer<typeof userSummarySchema>;
export const userListSchema = z.array(userSummarySchema);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

/** GET /api/userprofile/{email} */
export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  education: z.string(),
  linkedin: z.string(),
  image: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /api/userprofile/{email}: every field optional; the email cannot be changed here. */
export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, { error: messages.nameRequired }).max(100),
    email: z.string(),
    phone: optionalText(30).regex(/^[+\d\s().-]*$/, { error: 'must be a phone number' }),
    address: optionalText(300),
    education: optionalText(200),
    linkedin: optionalText(300).refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), {
      error: 'must be a link (https://…)',
    }),
    // Only images this shop stored (POST /api/images) may be used as a photo.
    image: z
      .string()
      .regex(/^\/media\/[\w/-]+\.webp$/, { error: 'must be an image uploaded to this shop' })
      .nullable(),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const acknowledgedSchema = z.object({ acknowledged: z.literal(true) });

/** PUT /api/userlogin/{email}: a bearer token for API clients. */
export const userLoginBodySchema = z.object({ email: z.string().optional(), name: z.string().optional() });
export const userLoginResponseSchema = z.object({ success: z.literal(true), token: z.string() });
