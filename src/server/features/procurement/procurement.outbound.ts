import { eq, sql } from 'drizzle-orm';
import { centsToDollarText } from '@shared/common/money';
import { procurementConnections, procurementDocuments } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import type { JobQueue } from '../../infra/jobs';
import { OutboundError } from '../../infra/outbound';
import { buildCxml } from './cxml.xml';
import type { ConnectionRow } from './cxml.identify';
import { keep } from './procurement.documents';
import { decryptSecret } from './procurement.crypto';
import type { ProcurementDeps } from './procurement.deps';

export const SEND_JOB = 'procurement-document';

/** Stands for the shared secret in a stored document: the log never holds it, the sender puts it in. */
const SECRET_MARK = '@@shared-secret@@';

/** The header of a document the shop sends: From and Sender the shop, with the connection's shared secret. */
function header(deps: ProcurementDeps, c: ConnectionRow) {
  return {
    From: { Credential: { '@domain': 'DUNS', Identity: deps.shopName } },
    To: { Credential: { '@domain': c.fromDomain, Identity: c.fromIdentity } },
    Sender: {
      Credential: { '@domain': 'DUNS', Identity: deps.shopName, SharedSecret: SECRET_MARK },
      UserAgent: deps.shopName,
    },
  };
}

/** Stores an outbound document (once per subject) and its sending job, in the caller's transaction when given. */
export async function queueDocument(
  deps: ProcurementDeps,
  db: Db | Tx,
  c: ConnectionRow,
  doc: { docType: string; subject: string; request: Record<string, unknown> },
): Promise<void> {
  const body = buildCxml({ Header: header(deps, c), Request: doc.request });
  const [row] = await db
    .insert(procurementDocuments)
    .values({
      connectionId: c.id,
      direction: 'out',
      docType: doc.docType,
      status: 'pending',
      body,
      subject: doc.subject,
    })
    .onConflictDoNothing()
    .returning({ id: procurementDocuments.id });
  if (row) await deps.jobs.send(SEND_JOB, { documentId: row.id }, { tx: db });
}

/** ConfirmationRequest: the purchase order is accepted, at this total. */
export function queueConfirmation(
  deps: ProcurementDeps,
  c: ConnectionRow,
  order: { checkoutId: string; orderId: string; totalCents: number },
) {
  const now = new Date().toISOString();
  return queueDocument(deps, deps.orders.db, c, {
    docType: 'ConfirmationRequest',
    subject: `confirmation:${order.checkoutId}`,
    request: {
      ConfirmationRequest: {
        ConfirmationHeader: {
          '@type': 'accept',
          '@noticeDate': now,
          '@confirmID': order.checkoutId,
          Total: { Money: { '@currency': 'USD', '#text': centsToDollarText(order.totalCents) } },
        },
        OrderReference: { '@orderID': order.orderId, DocumentReference: { '@payloadID': '' } },
      },
    },
  });
}

/**
 * Sends one stored document to the connection's document URL. A 2xx answer marks it sent; anything else is
 * recorded and thrown, so the job retries with backoff; no URL configured is recorded as failed, not retried.
 */
export function defineSendJob(queue: JobQueue, deps: ProcurementDeps) {
  queue.define<{ documentId: string }>(
    SEND_JOB,
    { retryLimit: 8, retryDelaySeconds: 30, expireInSeconds: 120 },
    async ({ documentId }) => {
      const db = deps.orders.db;
      const [row] = await db
        .select({ doc: procurementDocuments, c: procurementConnections })
        .from(procurementDocuments)
        .innerJoin(procurementConnections, eq(procurementConnections.id, procurementDocuments.connectionId))
        .where(eq(procurementDocuments.id, documentId));
      if (!row || row.doc.status === 'sent') return;
      const record = (status: string, code: number | null, answer: string) =>
        db
          .update(procurementDocuments)
          .set({
            status,
            answerCode: code,
            answer: keep(answer),
            attempts: sql`${procurementDocuments.attempts} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(procurementDocuments.id, documentId));
      if (!row.c.documentUrl)
        return void (await record('failed', null, 'The connection has no document URL.'));
      const secret = decryptSecret(deps.appSecret, row.c.secretEncrypted!);
      try {
        const answer = await deps.post({
          url: row.c.documentUrl,
          body: row.doc.body.replace(SECRET_MARK, secret),
          headers: { 'content-type': 'text/xml; charset=utf-8' },
        });
        const ok = answer.status >= 200 && answer.status < 300;
        await record(ok ? 'sent' : 'failed', answer.status, answer.body);
        if (!ok) throw new Error(`answered ${answer.status}`);
      } catch (err) {
        if (err instanceof OutboundError) await record('failed', null, err.message);
        throw err;
      }
    },
  );
}

/** The admin sends an outbound document again (a new job; the log counts every attempt). */
export async function resendDocument(deps: ProcurementDeps, documentId: string) {
  await deps.orders.db
    .update(procurementDocuments)
    .set({ status: 'pending', updatedAt: new Date() })
    .where(eq(procurementDocuments.id, documentId));
  await deps.jobs.send(SEND_JOB, { documentId });
}
