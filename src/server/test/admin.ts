import type { FastifyInstance } from 'fastify';
import type { Client } from './auth';

/** A product body the admin API accepts. */
export const validProduct = {
  name: 'Cordless Grease Gun 20V',
  img: '/media/uploads/abcdef0123456789abcdef01.webp',
  price: 189.5,
  quantity: 12,
  minOrder: 2,
  desc: '10,000 PSI, 20V battery.',
};

export interface AuditEntryView {
  kind: string;
  entityId: string;
  before: unknown;
  after: unknown;
  actorEmail: string;
  summary: string;
}

/** The audit log's newest page, as an admin sees it, optionally of one kind. */
export async function auditEntries(app: FastifyInstance, admin: Client, kind?: string) {
  const res = await app.inject({ url: `/api/audit${kind ? `?kind=${kind}` : ''}`, headers: admin.headers });
  return res.json().entries as AuditEntryView[];
}
