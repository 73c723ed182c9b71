import type { Return } from '@shared/returns/returns.schema';
import { returnReasonLabels } from '@shared/returns/returns.constants';
import { formatOrderNumber } from '@shared/orders/order-number';
import type { Tx } from '../../infra/db';
import { composeMail } from '../../infra/mail';
import { queueMail, type OrderDeps } from '../orders/index';

/** What the buyer reads at each step of a return; the refund itself is mailed by the one refund path, credit note attached. */
function stepText(r: Return): { subject: string; paragraphs: string[] } {
  const name = r.rma ?? 'your return';
  switch (r.status) {
    case 'requested':
      return {
        subject: `Return requested: ${returnReasonLabels[r.reason]}`,
        paragraphs: [
          'We have your return request and will answer it shortly. Please do not send anything back before we approve it.',
        ],
      };
    case 'approved':
      return {
        subject: `Return approved: ${name}`,
        paragraphs: [
          `Your return is approved under ${name}. Please write this number on the parcel.`,
          `How to send it back: ${r.instructions ?? ''}`,
        ],
      };
    case 'rejected':
      return {
        subject: 'Return not approved',
        paragraphs: [`We cannot accept this return: ${r.rejectReason ?? ''}`],
      };
    case 'received':
      return {
        subject: `Return received: ${name}`,
        paragraphs: [
          `We received your return ${name}:`,
          ...r.lines.map(
            (l) =>
              `${l.productName} (${formatOrderNumber(l.orderNumber)}): ${(l.restockedQuantity ?? 0) + (l.scrappedQuantity ?? 0)} of ${l.quantity} came back.`,
          ),
          r.reason === 'warranty_failure'
            ? 'We will refund or replace it and tell you when we do.'
            : 'We will refund it and mail you the credit note.',
        ],
      };
    case 'replaced':
      return {
        subject: `Replacement on its way: ${name}`,
        paragraphs: [
          `Your warranty return ${name} is settled by a replacement; we will mail you its tracking.`,
        ],
      };
    case 'refunded':
      return { subject: `Return refunded: ${name}`, paragraphs: [] };
  }
}

/** Mails the buyer the return's new state, in the step's transaction (the mail queue's outbox). */
export async function mailReturnStep(deps: OrderDeps, tx: Tx, r: Return) {
  const { subject, paragraphs } = stepText(r);
  const lines = r.lines.map(
    (l) => `${l.quantity} × ${l.productName} (order ${formatOrderNumber(l.orderNumber)})`,
  );
  await queueMail(
    deps.mail,
    composeMail(deps.mail.shopName, {
      to: r.email,
      greeting: 'Hello,',
      subject,
      paragraphs: [...paragraphs, `Items: ${lines.join(', ')}.`],
      action: { label: 'See my returns', url: `${deps.mail.baseUrl}/dashboard/my-returns` },
    }),
    tx,
  );
}
