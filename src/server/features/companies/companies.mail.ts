import { companyRoleLabels, type CompanyRole } from '@shared/companies/companies.schema';
import { paths } from '@shared/common/web-paths';
import { composeMail, type MailMessage } from '../../infra/mail';

export interface CompanyMailContext {
  shopName: string;
  baseUrl: string;
}

/**
 * The invitation: the link carries the token, works for a signed-in account and survives sign-up (the join page
 * sends a visitor to log in or register and back).
 */
export function invitationMail(
  ctx: CompanyMailContext,
  i: {
    email: string;
    companyName: string;
    inviterName: string;
    roles: CompanyRole[];
    token: string;
    days: number;
  },
): MailMessage {
  const url = `${ctx.baseUrl}${paths.companyJoin}?token=${encodeURIComponent(i.token)}`;
  return composeMail(ctx.shopName, {
    to: i.email,
    subject: `${i.inviterName} invited you to ${i.companyName} on ${ctx.shopName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${i.inviterName} invited you to join ${i.companyName} as ${i.roles.map((r) => companyRoleLabels[r]).join(', ')}.`,
      `Members see the company's orders, quotes and invoices and share its requisition lists. The link works once, for ${i.days} days.`,
      `No account yet? Register with ${i.email} first: the link brings you back here.`,
    ],
    action: { label: 'Join the company', url },
  });
}
