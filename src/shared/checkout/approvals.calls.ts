import { endpoints } from '../common/contract';
import type { ApprovalsSchemas } from './approvals.contract';

/** Method and path of the approvals' calls (docs/decisions/040-approvals-and-limits.md). No zod: the browser imports this. */
export const approvalsCalls = endpoints<ApprovalsSchemas>()({
  /** A company's checkouts that went over a spending limit: open ones (default) or all, newest first, paged. */
  list: { method: 'GET', path: '/companies/{id}/approvals' },
  get: { method: 'GET', path: '/companies/{id}/approvals/{itemId}' },
  /** An approver approves or rejects, with a comment; deciding twice is 409. */
  decide: { method: 'POST', path: '/companies/{id}/approvals/{itemId}' },
});
