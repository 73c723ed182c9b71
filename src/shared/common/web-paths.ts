const dashboard = '/dashboard';

/**
 * Every URL of the web app, in one place: links are built from these, the routers take their route patterns from
 * them too (`segment`), and the server answers 404 for a page path matching none of them (`isWebRoute`), so a URL
 * changes here or nowhere. Every entry must be a route of the web app (src/web/app/router.tsx and
 * routes/dashboard/dashboard-routes.tsx).
 */
export const paths = {
  home: '/',
  products: '/our-products',
  myBlog: '/my-blog',
  portfolio: '/portfolio',
  login: '/login',
  register: '/register',
  /** Where a customer asks for a password-reset mail. */
  passwordReset: '/password-reset',
  /** Where the mailed link lands to choose a new password (?token=… or ?error=INVALID_TOKEN). */
  resetPassword: '/reset-password',
  /** Where a verification link lands (?token=…); a click there verifies, opening it does not. */
  verifyEmail: '/verify-email',
  /** The first start's one-time link (decision 046). */
  setupAdmin: '/setup-admin',
  news: '/blog',
  newsItem: (id: string) => `/blog/${id}`,
  product: (id: string) => `/product/${id}`,
  /**
   * A product page at its canonical URL, with the readable slug of its name (build it with `productPath`); the server
   * answers an outdated slug with a 301 to the current one.
   */
  productNamed: (id: string, slug = ':slug') => `/product/${id}/${slug}`,
  /** My Profile. */
  dashboard,
  myOrders: `${dashboard}/my-orders`,
  myReviews: `${dashboard}/my-reviews`,
  /** The buyer's returns and their status (docs/decisions/065-returns.md). */
  myReturns: `${dashboard}/my-returns`,
  /** The admins' returns: approve, reject, receive, refund or replace. */
  returnsAdmin: `${dashboard}/returns`,
  payment: (id: string) => `${dashboard}/payment/${id}`,
  /** A checkout's one card payment (every line of it at once). */
  checkoutPayment: (id: string) => `${dashboard}/pay-checkout/${id}`,
  /** One order's details: its history and its invoice and credit notes (its owner or an admin). */
  orderDetails: (id: string) => `${dashboard}/orders/${id}`,
  /** The customer's cart (kept on the server). */
  cart: `${dashboard}/cart`,
  /** Paste or upload `SKU, quantity` lines into the cart. */
  quickOrder: `${dashboard}/quick-order`,
  /** The cart's checkout: one address and one payment for every line. */
  cartCheckout: `${dashboard}/cart/checkout`,
  /** The customer's requests for quote, and accepting a quoted one into a checkout. */
  myQuotes: `${dashboard}/quotes`,
  /** The admins' requests for quote: answer with prices, or decline. */
  manageQuotes: `${dashboard}/manage-quotes`,
  /** The customer's sales tax exemption certificates: upload one, see each one's status. */
  taxExemption: `${dashboard}/tax-exemption`,
  /** The admins' review of exemption certificates: approve, or reject with a reason. */
  taxExemptions: `${dashboard}/tax-exemptions`,
  /** The customer's company: members, invitations, locations, the company's orders and its shared lists. */
  company: `${dashboard}/company`,
  /** Where a mailed invitation lands (?token=…); it survives logging in or registering first. */
  companyJoin: `${dashboard}/company/join`,
  /** One checkout over a buyer's spending limit, for the company's approvers (decision 040). */
  companyApproval: (id: string) => `${dashboard}/company/approvals/${id}`,
  /** The company's account statement: invoices bought on account, open, overdue and paid; paying them by card. */
  companyStatement: `${dashboard}/company/statement`,
  /** The admins' list of companies. */
  companiesAdmin: `${dashboard}/companies`,
  /** Admins: webhook endpoints and their delivery logs (decision 061). */
  webhooksAdmin: `${dashboard}/webhooks`,
  /** One company as the admins see it: members and locations. */
  companyAdmin: (id: string) => `${dashboard}/companies/${id}`,
  companyProcurement: (id: string) => `${dashboard}/companies/${id}/procurement`,
  /** The admins' list of every order (its URL is older than the page). */
  allOrders: `${dashboard}/manage-all-product`,
  addProduct: `${dashboard}/add-product`,
  makeAdmin: `${dashboard}/make-admin`,
  manageProduct: `${dashboard}/manage-product`,
  /** One product's admin page: its documents and stock history. */
  productAdmin: (id: string) => `${dashboard}/manage-product/${id}`,
  /** CSV export and import of the whole catalogue. */
  catalogueData: `${dashboard}/catalogue-data`,
  storeOverview: `${dashboard}/overview`,
  manageNews: `${dashboard}/news`,
  auditLog: `${dashboard}/audit`,
  /** Keys integrations (an ERP) call the API with (admin). */
  apiKeys: `${dashboard}/api-keys`,
  categoriesAdmin: `${dashboard}/categories`,
  /** Shipping methods and rates, zones, pickup locations and sales tax rates (admin). */
  shippingAdmin: `${dashboard}/shipping`,
  /** My equipment: the buyer's machines (decision 064). */
  myEquipment: `${dashboard}/equipment`,
  /** Register a machine (?order=<id> offers the machine model of that order). */
  registerMachine: `${dashboard}/equipment/register`,
  /** One machine: warranty, parts that fit, services due, the exploded diagram. */
  machine: (id: string) => `${dashboard}/equipment/${id}`,
  /** A service mail's link: puts the due kit (?items=…) in the cart, then opens the cart. */
  machineKit: (id: string) => `${dashboard}/equipment/${id}/kit`,
  /** The admins' machine models, service plans, fit lists and diagrams. */
  equipmentAdmin: `${dashboard}/equipment-models`,
  /** Old links (the footer's My Profile and Checkout) that redirect to the pages they mean. */
  myProfileAlias: `${dashboard}/my-profile`,
  checkoutAlias: `${dashboard}/checkout`,
} as const;

/** A route pattern below `parent` (none: the root), as a nested <Route path> wants it: 'my-orders', 'blog/:id'. */
export const segment = (path: string, parent = '') => path.slice(parent.length + 1);

/** Each web route as a pattern: a function entry takes an `:id` segment (and a `:slug` one after it). */
export const webRoutePatterns = (): string[] =>
  Object.values(paths).map((p) => (typeof p === 'function' ? p(':id') : p));

const toRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    // react-router matches paths case-insensitively, so a page it renders must not be a 404 here.
    'i',
  );

/**
 * A test of whether the web app renders a page of its own at a pathname (anything else is its not-found page).
 * Built on demand, so the web app's first load does not pay for it.
 */
export function webRouteMatcher(): (pathname: string) => boolean {
  const routes = webRoutePatterns().map(toRegExp);
  return (pathname) => routes.some((re) => re.test(pathname));
}
