import { endpoints } from '../common/contract';
import type { ProcurementSchemas } from './procurement.contract';

/** Method and path of the procurement calls (decision 063). No zod here: the browser imports this. */
export const procurementCalls = endpoints<ProcurementSchemas>()({
  /** A company's buyer-system connections (shop admin). */
  connections: { method: 'GET', path: '/companies/{id}/procurement/connections' },
  /** Connects a buyer system; the answer carries its secret or password, once. */
  connect: { method: 'POST', path: '/companies/{id}/procurement/connections' },
  disconnect: { method: 'DELETE', path: '/companies/{id}/procurement/connections/{itemId}' },
  /** Every document in and out of the company's connections, newest first, paged. */
  documents: { method: 'GET', path: '/companies/{id}/procurement/documents' },
  /** Sends an outbound document again. */
  resend: { method: 'POST', path: '/companies/{id}/procurement/documents/{itemId}/resend' },
  /** Whether this browser session was opened by a buyer system, and which. */
  session: { method: 'GET', path: '/punchout/session' },
});
