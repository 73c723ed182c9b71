import { endpoints } from '../common/contract';
import type { ReturnsSchemas } from './returns.contract';

/** Method and path of the returns' calls (docs/decisions/065-returns.md). No zod here: the browser imports this. */
export const returnsCalls = endpoints<ReturnsSchemas>()({
  /** Buyer: asks to return units of shipped lines of their orders. */
  create: { method: 'POST', path: '/returns' },
  /** Buyer: their returns, newest first, paged. */
  mine: { method: 'GET', path: '/returns/mine' },
  /** Admin: every return, newest first, paged, by status. */
  list: { method: 'GET', path: '/returns' },
  /** One return (its buyer or an admin). */
  get: { method: 'GET', path: '/returns/{id}' },
  approve: { method: 'POST', path: '/returns/{id}/approve' },
  reject: { method: 'POST', path: '/returns/{id}/reject' },
  receive: { method: 'POST', path: '/returns/{id}/receive' },
  resolve: { method: 'POST', path: '/returns/{id}/resolve' },
  /** The shop's return windows and restocking fees per reason (read by anyone; set by admins). */
  policies: { method: 'GET', path: '/return-policies' },
  setPolicies: { method: 'PUT', path: '/return-policies' },
});
