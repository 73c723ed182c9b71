import { z } from 'zod';
import { idSchema } from '../common/common.schema';
import { cursorParam, limitParam, searchParam } from '../common/paging.schema';
import { usAddressSchema } from '../common/us-address';

/** Trade accounts, part 1 (docs/decisions/039-trade-accounts.md). */

/** How long a mailed invitation can be accepted. */
export const INVITATION_DAYS = 14;
/** At most this many locations, shared lists, lines per list: every amount stays bounded. */
export const MAX_LOCATIONS = 200;
export const MAX_SHARED_LISTS = 200;
export const MAX_LIST_LINES = 100;

export const companyRoles = ['admin', 'buyer', 'approver'] as const;
export type CompanyRole = (typeof companyRoles)[number];
export const companyRoleLabels: Record<CompanyRole, string> = {
  admin: 'Company admin',
  buyer: 'Buyer',
  approver: 'Approver',
};

/** The words the API and the pages share. */
export const companyMessages = {
  notMember: 'You are not a member of this company.',
  adminsOnly: 'Only a company admin can do this.',
  alreadyMember: 'You already belong to a company. Leave it before creating or joining another.',
  otherAlreadyMember: 'This person already belongs to a company.',
  lastAdmin: 'A company needs at least one company admin: make another member an admin first.',
  invitationUsed: 'This invitation was already used.',
  invitationExpired: 'This invitation has expired. Ask your company admin for a new one.',
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  listNameTaken: 'A shared list of this company already has this name.',
  locationNameTaken: 'A location of this company already has this name.',
  locationNotYours: 'must be a location of your company',
  verifyToCreate:
    'Please verify your email address before creating a company: follow the link in the verification mail we sent you.',
  verifyToInvite:
    'Please verify your email address before inviting anyone: follow the link in the verification mail we sent you.',
  invitationsPerHour: (n: number) =>
    `You have sent ${n} invitations in the last hour, the most allowed. Please try again later.`,
  companyInvitationsPerDay: (n: number) =>
    `This company has sent ${n} invitations in the last day, the most allowed. Please try again later.`,
} as const;

/** How many invitations one account may send an hour, and one company a day (429 past either). */
export const INVITATIONS_PER_ACCOUNT_HOUR = 20;
export const INVITATIONS_PER_COMPANY_DAY = 100;

const text = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });

export const rolesSchema = z
  .array(z.enum(companyRoles, { error: `must be one of ${companyRoles.join(', ')}` }), {
    error: 'must list at least one role',
  })
  .min(1, { error: 'must list at least one role' })
  .max(companyRoles.length, { error: 'lists a role more than once' })
  .refine((r) => new Set(r).size === r.length, { error: 'lists a role more than once' });

export const companyInputSchema = z.strictObject({
  name: text(120),
  taxId: text(40).regex(/^[A-Za-z0-9 .\-/]+$/, { error: 'may hold only letters, digits, spaces and . - /' }),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** How many working days (Mon–Fri) an approval may wait (docs/decisions/054-approval-window.md). */
  approvalWindowDays: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

/** The company admin's approval settings: 1 to 30 working days (docs/decisions/054-approval-window.md). */
export const approvalWindowBounds = { min: 1, max: 30, default: 3 } as const;
export const approvalSettingsSchema = z.strictObject({
  approvalWindowDays: z
    .number({ error: 'must be a whole number of working days' })
    .int('must be a whole number of working days')
    .min(approvalWindowBounds.min, `must be at least ${approvalWindowBounds.min} working day`)
    .max(approvalWindowBounds.max, `must be at most ${approvalWindowBounds.max} working days`),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;
export const companyListSchema = z.array(companySchema);

/** A company as one of its members (or a shop admin) sees it: with the caller's own roles. */
export const companyViewSchema = companySchema.extend({ myRoles: z.array(z.enum(companyRoles)) });
export type CompanyView = z.infer<typeof companyViewSchema>;
export const myCompanySchema = z.object({ company: companyViewSchema.nullable() });
export type MyCompany = z.infer<typeof myCompanySchema>;

export const companyListQuerySchema = z.object({
  limit: limitParam(25),
  cursor: cursorParam,
  search: searchParam,
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
export const pageQuerySchema = z.object({ limit: limitParam(25), cursor: cursorParam });
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const companyParamsSchema = z.object({ id: idSchema });
export const memberParamsSchema = z.object({
  id: idSchema,
  userId: z.string().trim().min(1).max(100, { error: 'must be at most 100 characters' }),
});
export const itemParamsSchema = z.object({ id: idSchema, itemId: idSchema });
export const tokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'is not an invitation link this shop sent' }),
});

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(companyRoles)),
  joinedAt: z.string(),
  /** @deprecated Dollars; read `orderLimitCents` (docs/decisions/050-one-money-type.md). */
  orderLimit: z.number().nullable(),
  /** @deprecated Dollars; read `monthlyLimitCents`. */
  monthlyLimit: z.number().nullable(),
  /** Spending limits, null = no limit (docs/decisions/040-approvals-and-limits.md). */
  orderLimitCents: z.number().int().nullable(),
  monthlyLimitCents: z.number().int().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);
export const memberRolesSchema = z.strictObject({ roles: rolesSchema });

export const invitationInputSchema = z.strictObject({
  email: z.email({ error: 'must be an email address' }).trim().toLowerCase().max(254),
  roles: rolesSchema,
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;
export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  roles: z.array(z.enum(companyRoles)),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** What the invited person sees before accepting. */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  roles: z.array(z.enum(companyRoles)),
  expiresAt: z.string(),
  /** Why it cannot be accepted by the caller, if it cannot. */
  problem: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const locationInputSchema = z.strictObject({
  name: text(80),
  address: usAddressSchema,
  taxExemptionId: idSchema.nullable().optional(),
});
export type LocationInput = z.infer<typeof locationInputSchema>;
export const locationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  taxExemption: z.object({ _id: z.string(), number: z.string(), states: z.array(z.string()) }).nullable(),
  createdAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;
export const locationListSchema = z.array(locationSchema);

/** An approved certificate of a member, which a location may point to. */
export const companyExemptionSchema = z.object({
  _id: z.string(),
  number: z.string(),
  states: z.array(z.string()),
  expiresOn: z.string(),
  holderEmail: z.string(),
});
export const companyExemptionListSchema = z.array(companyExemptionSchema);

const buyer = { buyerName: z.string(), buyerEmail: z.string() };
export const companyOrderSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  totalCents: z.number().int(),
  orderStatus: z.string(),
  paymentStatus: z.boolean(),
  checkoutId: z.string().nullable(),
  createdAt: z.string(),
  ...buyer,
});
export type CompanyOrder = z.infer<typeof companyOrderSchema>;
export const companyOrderListSchema = z.array(companyOrderSchema);
export const companyQuoteSchema = z.object({
  _id: z.string(),
  status: z.string(),
  lineCount: z.number().int(),
  createdAt: z.string(),
  ...buyer,
});
export type CompanyQuote = z.infer<typeof companyQuoteSchema>;
export const companyQuoteListSchema = z.array(companyQuoteSchema);
export const companyInvoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  totalCents: z.number().int(),
  issuedAt: z.string(),
  ...buyer,
});
export type CompanyInvoice = z.infer<typeof companyInvoiceSchema>;
export const companyInvoiceListSchema = z.array(companyInvoiceSchema);

export const listLineInputSchema = z.strictObject({
  sku: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'is required' })
    .max(64, { error: 'must be at most 64 characters' }),
  quantity: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000, { error: 'must be at most 1000000' }),
});
export const sharedListInputSchema = z.strictObject({
  name: text(80),
  lines: z
    .array(listLineInputSchema, { error: 'must be a list of lines' })
    .max(MAX_LIST_LINES, { error: `must have at most ${MAX_LIST_LINES} lines` })
    .refine((l) => new Set(l.map((x) => x.sku)).size === l.length, { error: 'lists a SKU more than once' }),
});
export type SharedListInput = z.infer<typeof sharedListInputSchema>;
export const sharedListSchema = z.object({
  _id: z.string(),
  name: z.string(),
  lines: z.array(
    z.object({
      productId: z.string(),
      sku: z.string().nullable(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type SharedList = z.infer<typeof sharedListSchema>;
export const sharedListListSchema = z.array(sharedListSchema);

export const acknowledgedSchema = z.object({ acknowledged: z.literal(true) });
