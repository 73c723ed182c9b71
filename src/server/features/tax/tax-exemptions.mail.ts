import type { TaxExemption } from '@shared/tax/tax-exemptions.schema';
import type { Tx } from '../../infra/db';
import { composeMail, type MailMessage } from '../../infra/mail';
import { notifyStaff, type StaffMail } from '../notifications/index';

const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const day = (d: string) => longDay.format(new Date(`${d}T00:00:00Z`));
const covers = (e: TaxExemption) => `${e.states.join(', ')}, until ${day(e.expiresOn)}`;

/** Staff hear of a new certificate to review in the upload's own transaction (decision 034). */
export function notifyExemptionUploaded(tx: Tx, staff: StaffMail, e: TaxExemption) {
  return notifyStaff(tx, staff, {
    subject: `Tax exemption certificate to review: ${e.name}`,
    paragraphs: [
      `${e.name} (${e.email}) uploaded the exemption certificate ${e.number}.`,
      `It covers ${covers(e)}.`,
      'Approve or reject it: sales tax is not waived until it is approved.',
    ],
    action: { label: 'Review it', url: `${staff.baseUrl}/dashboard/tax-exemptions` },
  });
}

/** The customer's mail when an admin approves or rejects their certificate: it links to their page. */
export function exemptionDecisionMail(e: TaxExemption, shopName: string, baseUrl: string): MailMessage {
  const common = {
    to: e.email,
    greeting: `Hello ${e.name},`,
    action: { label: 'See my certificates', url: `${baseUrl}/dashboard/tax-exemption` },
  };
  if (e.status === 'approved')
    return composeMail(shopName, {
      ...common,
      subject: `Your ${shopName} tax exemption certificate was approved`,
      paragraphs: [
        `We approved your exemption certificate ${e.number}.`,
        `Orders shipped to ${covers(e)}, are not charged sales tax.`,
      ],
    });
  return composeMail(shopName, {
    ...common,
    subject: `Your ${shopName} tax exemption certificate was rejected`,
    paragraphs: [
      `We could not accept your exemption certificate ${e.number} (${covers(e)}).`,
      `Reason: ${e.reason ?? ''}`,
      'You can upload a corrected certificate on your Tax exemption page.',
    ],
  });
}

/** Queued in the decision's own transaction: the decision and its mail commit together or not at all. */
export function sendExemptionDecisionMail(tx: Tx, staff: StaffMail, e: TaxExemption) {
  return staff.mailer.send(exemptionDecisionMail(e, staff.shopName, staff.baseUrl), { tx });
}
