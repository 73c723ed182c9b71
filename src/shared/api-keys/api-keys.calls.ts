import { endpoints } from '../common/contract';
import type { ApiKeysSchemas } from './api-keys.contract';

/** Method and path of the API key management calls (admin, never reachable with a key). No zod here. */
export const apiKeysCalls = endpoints<ApiKeysSchemas>()({
  /** Newest first, a page at a time (paging headers). */
  list: { method: 'GET', path: '/api-keys' },
  /** Creates a key; the answer carries its secret, once. */
  create: { method: 'POST', path: '/api-keys' },
  /** Revokes a key: it answers 401 from then on. */
  revoke: { method: 'DELETE', path: '/api-keys/{id}' },
});
