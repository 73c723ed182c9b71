import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { reorderResultSchema } from '../cart/cart.schema';
import { companiesCalls } from './companies.calls';
import {
  acknowledgedSchema,
  approvalSettingsSchema,
  companyExemptionListSchema,
  companyInputSchema,
  companyInvoiceListSchema,
  companyListQuerySchema,
  companyListSchema,
  companyOrderListSchema,
  companyParamsSchema,
  companyQuoteListSchema,
  companyViewSchema,
  invitationInputSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  itemParamsSchema,
  locationInputSchema,
  locationListSchema,
  locationSchema,
  memberListSchema,
  memberParamsSchema,
  memberRolesSchema,
  memberSchema,
  myCompanySchema,
  pageQuerySchema,
  sharedListInputSchema,
  sharedListListSchema,
  sharedListSchema,
  tokenParamsSchema,
} from './companies.schema';
import { memberLimitsSchema } from '../checkout/approvals.schema';
import {
  priceListCsvSchema,
  priceListImportSchema,
  priceListInputSchema,
  priceListListSchema,
  priceListSchema,
} from './price-lists.schema';

const paged = { params: companyParamsSchema, query: pageQuerySchema };
const companiesSchemas = {
  create: { body: companyInputSchema, response: companyViewSchema, status: 201 },
  mine: { response: myCompanySchema },
  list: { query: companyListQuerySchema, response: companyListSchema },
  get: { params: companyParamsSchema, response: companyViewSchema },
  update: { params: companyParamsSchema, body: companyInputSchema, response: companyViewSchema },
  setApprovalSettings: {
    params: companyParamsSchema,
    body: approvalSettingsSchema,
    response: companyViewSchema,
  },
  members: { ...paged, response: memberListSchema },
  setRoles: { params: memberParamsSchema, body: memberRolesSchema, response: memberSchema },
  setLimits: { params: memberParamsSchema, body: memberLimitsSchema, response: memberSchema },
  removeMember: { params: memberParamsSchema, response: acknowledgedSchema },
  invitations: { ...paged, response: invitationListSchema },
  invite: {
    params: companyParamsSchema,
    body: invitationInputSchema,
    response: invitationSchema,
    status: 201,
  },
  revokeInvitation: { params: itemParamsSchema, response: acknowledgedSchema },
  previewInvitation: { params: tokenParamsSchema, response: invitationPreviewSchema },
  acceptInvitation: { params: tokenParamsSchema, response: companyViewSchema },
  locations: { ...paged, response: locationListSchema },
  addLocation: {
    params: companyParamsSchema,
    body: locationInputSchema,
    response: locationSchema,
    status: 201,
  },
  updateLocation: { params: itemParamsSchema, body: locationInputSchema, response: locationSchema },
  deleteLocation: { params: itemParamsSchema, response: acknowledgedSchema },
  exemptions: { params: companyParamsSchema, response: companyExemptionListSchema },
  orders: { ...paged, response: companyOrderListSchema },
  quotes: { ...paged, response: companyQuoteListSchema },
  invoices: { ...paged, response: companyInvoiceListSchema },
  reorder: { params: itemParamsSchema, response: reorderResultSchema },
  lists: { ...paged, response: sharedListListSchema },
  addList: {
    params: companyParamsSchema,
    body: sharedListInputSchema,
    response: sharedListSchema,
    status: 201,
  },
  updateList: { params: itemParamsSchema, body: sharedListInputSchema, response: sharedListSchema },
  deleteList: { params: itemParamsSchema, response: acknowledgedSchema },
  listToCart: { params: itemParamsSchema, response: reorderResultSchema },
  priceLists: { ...paged, response: priceListListSchema },
  addPriceList: {
    params: companyParamsSchema,
    body: priceListInputSchema,
    response: priceListSchema,
    status: 201,
  },
  updatePriceList: { params: itemParamsSchema, body: priceListInputSchema, response: priceListSchema },
  deletePriceList: { params: itemParamsSchema, response: acknowledgedSchema },
  exportPriceList: { params: itemParamsSchema, response: priceListCsvSchema },
  // The body is multipart (field `file`): the route reads it, as the catalogue import does.
  importPriceList: { params: itemParamsSchema, response: priceListImportSchema },
} satisfies Record<string, CallSchemas>;
export type CompaniesSchemas = typeof companiesSchemas;

/** The company calls with their schemas. */
export const companiesContract = defineContract(companiesCalls, companiesSchemas);
