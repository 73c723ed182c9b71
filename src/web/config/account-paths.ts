import { paths } from './paths';

/**
 * The URLs of the account pages and the dashboard (SPEC §2) that only those pages use. Apart from paths.ts
 * because the navbar and footer load that file with the first page, whose JavaScript budget has no bytes to spare.
 */
export const accountPaths = {
  /** Where the mailed password-reset link lands (?token=… or ?error=INVALID_TOKEN). */
  resetPassword: '/reset-password',
  profile: paths.dashboard,
  myOrders: paths.myOrders,
  myReviews: '/dashboard/my-reviews',
  payment: (id: string) => `/dashboard/payment/${id}`,
  manageAllProduct: '/dashboard/manage-all-product',
  addProduct: '/dashboard/add-product',
  makeAdmin: '/dashboard/make-admin',
  manageProduct: '/dashboard/manage-product',
  storeOverview: '/dashboard/overview',
  manageNews: '/dashboard/news',
  auditLog: '/dashboard/audit',
} as const;
