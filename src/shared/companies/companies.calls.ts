import { endpoints } from '../common/contract';
import type { CompaniesSchemas } from './companies.contract';

/** Method and path of the company calls (docs/decisions/039-trade-accounts.md). No zod: the browser imports this. */
export const companiesCalls = endpoints<CompaniesSchemas>()({
  /** Create a company: the caller becomes its first company admin. */
  create: { method: 'POST', path: '/companies' },
  /** The caller's company and roles, or null. */
  mine: { method: 'GET', path: '/companies/mine' },
  /** Admin: every company, newest first, searchable by name or tax ID, paged. */
  list: { method: 'GET', path: '/companies' },
  get: { method: 'GET', path: '/companies/{id}' },
  update: { method: 'PUT', path: '/companies/{id}' },
  /** How long approvals may wait, in working days (company admin or shop admin). */
  setApprovalSettings: { method: 'PUT', path: '/companies/{id}/approval-settings' },
  members: { method: 'GET', path: '/companies/{id}/members' },
  setRoles: { method: 'PUT', path: '/companies/{id}/members/{userId}' },
  /** A member's spending limits per order and per month (company admin or shop admin). */
  setLimits: { method: 'PUT', path: '/companies/{id}/members/{userId}/limits' },
  /** Remove a member (a company admin), or leave (the member). */
  removeMember: { method: 'DELETE', path: '/companies/{id}/members/{userId}' },
  invitations: { method: 'GET', path: '/companies/{id}/invitations' },
  invite: { method: 'POST', path: '/companies/{id}/invitations' },
  revokeInvitation: { method: 'DELETE', path: '/companies/{id}/invitations/{itemId}' },
  previewInvitation: { method: 'GET', path: '/company-invitations/{token}' },
  acceptInvitation: { method: 'POST', path: '/company-invitations/{token}/accept' },
  locations: { method: 'GET', path: '/companies/{id}/locations' },
  addLocation: { method: 'POST', path: '/companies/{id}/locations' },
  updateLocation: { method: 'PUT', path: '/companies/{id}/locations/{itemId}' },
  deleteLocation: { method: 'DELETE', path: '/companies/{id}/locations/{itemId}' },
  /** Approved certificates of the members, which a location may name. */
  exemptions: { method: 'GET', path: '/companies/{id}/tax-exemptions' },
  orders: { method: 'GET', path: '/companies/{id}/orders' },
  quotes: { method: 'GET', path: '/companies/{id}/quotes' },
  invoices: { method: 'GET', path: '/companies/{id}/invoices' },
  /** Any member: one company order's product again, into the caller's own cart. */
  reorder: { method: 'POST', path: '/companies/{id}/orders/{itemId}/reorder' },
  lists: { method: 'GET', path: '/companies/{id}/lists' },
  addList: { method: 'POST', path: '/companies/{id}/lists' },
  updateList: { method: 'PUT', path: '/companies/{id}/lists/{itemId}' },
  deleteList: { method: 'DELETE', path: '/companies/{id}/lists/{itemId}' },
  /** Every line of a shared list into the caller's cart, checked by the cart's rules. */
  listToCart: { method: 'POST', path: '/companies/{id}/lists/{itemId}/cart' },
  /** Admin: the company's contract price lists with their rules, newest first, paged. */
  priceLists: { method: 'GET', path: '/companies/{id}/price-lists' },
  addPriceList: { method: 'POST', path: '/companies/{id}/price-lists' },
  /** Admin: name, validity and the whole set of rules at once. */
  updatePriceList: { method: 'PUT', path: '/companies/{id}/price-lists/{itemId}' },
  deletePriceList: { method: 'DELETE', path: '/companies/{id}/price-lists/{itemId}' },
  /** Admin: the list's rules as CSV, one row per rule (a download, so the browser follows a link to it). */
  exportPriceList: { method: 'GET', path: '/companies/{id}/price-lists/{itemId}/export.csv' },
  /** Admin: replace the list's rules by a CSV's (multipart field `file`), all or nothing, with a row report. */
  importPriceList: { method: 'POST', path: '/companies/{id}/price-lists/{itemId}/import.csv' },
});
