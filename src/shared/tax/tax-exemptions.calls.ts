import { endpoints } from '../common/contract';
import type { TaxExemptionsSchemas } from './tax-exemptions.contract';

/** Method and path of the tax exemption calls. No zod here: the browser imports this. */
export const taxExemptionsCalls = endpoints<TaxExemptionsSchemas>()({
  /** Upload a certificate (multipart: file, number, states, expiresOn); the customer or an admin. */
  upload: { method: 'POST', path: '/tax-exemptions/{email}' },
  /** The customer's own certificates, newest first, paged. */
  mine: { method: 'GET', path: '/tax-exemptions/{email}' },
  /** Admin: every customer's certificates, of one status or all, paged. */
  list: { method: 'GET', path: '/tax-exemptions' },
  /** Admin: approve, or reject with a reason. */
  decide: { method: 'PUT', path: '/tax-exemptions/{id}/decision' },
});

/** The PDF of a certificate (its customer or an admin); not a JSON call, so a link. */
export const taxExemptionFilePath = (id: string) => `/api/tax-exemptions/${encodeURIComponent(id)}/file`;
