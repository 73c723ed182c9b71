import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { checkouts } from '../checkout/checkout.schema';
import { companies } from '../companies/companies.schema';

/**
 * Punchout (docs/decisions/063-punchout.md): a company's buyer system (Coupa, Ariba, SAP) opens the shop, returns
 * carts and sends purchase orders; the shop answers with confirmations, ship notices and invoices.
 */

/** One buyer system of one company: cXML identities and secret, or an OCI user. */
export const procurementConnections = pgTable(
  'procurement_connections',
  {
    id: uuidPk(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<'cxml' | 'oci'>().notNull(),
    /** The buyer system's name, shown on the banner and the transfer button ("Coupa"). */
    systemName: text('system_name').notNull(),
    fromDomain: text('from_domain'),
    fromIdentity: text('from_identity'),
    senderDomain: text('sender_domain'),
    senderIdentity: text('sender_identity'),
    /** The cXML shared secret, AES-GCM encrypted: outbound documents must send it back in clear. */
    secretEncrypted: text('secret_encrypted'),
    ociUsername: text('oci_username'),
    ociPasswordHash: text('oci_password_hash'),
    /** Where outbound cXML documents (confirmation, ship notice, invoice) are posted. */
    documentUrl: text('document_url'),
    /** The member punchout users act as when the request names no member by email. */
    defaultUserId: text('default_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('procurement_connections_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('procurement_connections_cxml_from_idx')
      .on(sql`lower(${t.fromDomain})`, sql`lower(${t.fromIdentity})`)
      .where(sql`${t.protocol} = 'cxml'`),
    uniqueIndex('procurement_connections_oci_user_idx')
      .on(t.ociUsername)
      .where(sql`${t.protocol} = 'oci'`),
  ],
);

/** A punchout visit: its one-time start link, the browser session it signed in, and the cart it transferred. */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: uuidPk(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => procurementConnections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** SHA-256 of the one-time start token. */
    startTokenHash: text('start_token_hash').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    /** The Better Auth session token the start link created: this browser session is the punchout one. */
    authSessionToken: text('auth_session_token'),
    operation: text('operation').notNull(),
    buyerCookie: text('buyer_cookie').notNull().default(''),
    /** BrowserFormPost URL (cXML) or HOOK_URL (OCI). */
    returnUrl: text('return_url').notNull(),
    /** The lines as transferred, with their unit prices: an OrderRequest naming this cart is placed at them. */
    transferredLines: jsonb('transferred_lines').$type<TransferredLine[]>(),
    transferredAt: moment('transferred_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('punchout_sessions_start_token_idx').on(t.startTokenHash),
    index('punchout_sessions_auth_session_idx').on(t.authSessionToken),
    // Edit and inspect reopen the cart last transferred under a buyer cookie.
    index('punchout_sessions_cookie_idx').on(t.connectionId, t.buyerCookie, t.transferredAt),
  ],
);

export interface TransferredLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
}

/** A purchase order received: one per orderID and one per payloadID of a connection, whatever the retries. */
export const punchoutOrders = pgTable(
  'punchout_orders',
  {
    id: uuidPk(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => procurementConnections.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    payloadId: text('payload_id').notNull(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('punchout_orders_order_idx').on(t.connectionId, t.orderId),
    uniqueIndex('punchout_orders_payload_idx').on(t.connectionId, t.payloadId),
    index('punchout_orders_checkout_idx').on(t.checkoutId),
    // The documents sweep reads recent purchase orders only.
    index('punchout_orders_created_idx').on(t.createdAt),
  ],
);

/** Every document in or out, with its answer: the admin's document log, and the outbox of the sending job. */
export const procurementDocuments = pgTable(
  'procurement_documents',
  {
    id: uuidPk(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => procurementConnections.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    /** PunchOutSetupRequest, OrderRequest, ConfirmationRequest, ShipNoticeRequest, InvoiceDetailRequest, … */
    docType: text('doc_type').notNull(),
    /** in: accepted | refused; out: pending | sent | failed. */
    status: text('status').notNull(),
    /** The cXML or HTTP status answered (in) or received (out). */
    answerCode: integer('answer_code'),
    answer: text('answer'),
    body: text('body').notNull(),
    /** What an outbound document is about, so a sweep sends each once: `shipment:<id>`, `invoice:<id>`. */
    subject: text('subject'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    /** Migration 0039: when the retention sweep emptied `body` (the row stays as the log's summary). */
    prunedAt: moment('pruned_at'),
  },
  (t) => [
    index('procurement_documents_connection_idx').on(t.connectionId, t.createdAt.desc(), t.id.desc()),
    // The retention sweep: bodies not yet emptied, oldest first.
    index('procurement_documents_unpruned_idx')
      .on(t.createdAt)
      .where(sql`${t.prunedAt} is null`),
    uniqueIndex('procurement_documents_subject_idx').on(t.connectionId, t.subject),
  ],
);
