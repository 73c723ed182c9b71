import { Link, Route, Routes } from 'react-router';
import { paths, segment } from '@/config/paths';
import { Redirect } from '@/features/accounts/components/redirect';
import { DashboardLayout } from '@/features/accounts/components/dashboard-layout';
import { RequireAdmin, RequireAuth } from '@/features/accounts/components/require-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Component as MakeAdmin } from './make-admin';
import { Component as AllOrders } from './all-orders';
import { Component as MyOrders } from './my-orders';
import { Component as Cart } from './cart';
import { Component as CartCheckout } from './cart-checkout';
import { Component as PayCheckout, OrderNow as Payment } from './pay';
import { Component as QuickOrder } from './quick-order';
import { Component as MyProfile } from './my-profile';
import { Component as MyReviews } from './my-reviews';
import { Component as MyReturns } from './my-returns';
import { Component as ReturnsAdmin } from './admin/returns';
import { Component as OrderDetails } from './order-details';
import { Component as MyQuotes } from './my-quotes';
import { Component as ManageQuotes } from './manage-quotes';
import { Component as TaxExemption } from './tax-exemption';
import { Approval as CompanyApproval, Component as Company, Join as JoinCompany } from './company';
import { Component as CompanyStatement } from './company-statement';
import {
  Component as MyEquipment,
  Kit as MachineKit,
  Machine,
  Register as RegisterMachine,
} from './equipment';
import { Component as EquipmentAdmin } from './admin/equipment-models';
import { Component as AddProduct } from './admin/add-product';
import { Component as AuditLog } from './admin/audit-log';
import { Component as ApiKeysAdmin } from './admin/api-keys';
import { Component as CategoriesAdmin } from './admin/categories';
import { Component as ManageProduct } from './admin/manage-product';
import { Component as ProductAdmin } from './admin/product-admin';
import { Component as CatalogueData } from './admin/catalogue-data';
import { Component as NewsAdmin } from './admin/news-admin';
import { Component as Overview } from './admin/overview';
import { Component as ShippingAdmin } from './admin/shipping';
import { Component as TaxExemptionsAdmin } from './admin/tax-exemptions';
import { Component as CompaniesAdmin, Detail as CompanyAdmin } from './admin/companies';
import { Component as CompanyProcurement } from './admin/procurement';
import { Component as WebhooksAdmin } from './admin/webhooks';

/** A dashboard URL as a route below the dashboard's own. */
const sub = (path: string) => segment(path, paths.dashboard);

/** An unknown page of the dashboard (the site's not-found page would cost the first page a shared chunk). */
function DashboardNotFound() {
  useDocumentTitle('Page not found');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Sorry</h1>
      <p className="mt-3 text-base-content/75">This page of the dashboard does not exist or has moved.</p>
      <Link to={paths.dashboard} className="btn btn-primary mt-6">
        My Profile
      </Link>
    </section>
  );
}

/**
 * Everything under /dashboard, in one chunk: the router has a single `dashboard/*` route,
 * which keeps the first page's JavaScript small. The pages are not lazy chunks of their own: a lazy chunk
 * importing from this one would make the bundler add a module-namespace helper to the runtime chunk, which
 * the first page loads. Only Stripe.js (payment page, Stripe provider) loads later, and imports nothing from here.
 */
export function Component() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        <Route element={<DashboardLayout />}>
          <Route index element={<MyProfile />} />
          <Route path={sub(paths.myOrders)} element={<MyOrders />} />
          <Route path={sub(paths.cart)} element={<Cart />} />
          <Route path={sub(paths.cartCheckout)} element={<CartCheckout />} />
          <Route path={sub(paths.checkoutPayment(':id'))} element={<PayCheckout />} />
          <Route path={sub(paths.quickOrder)} element={<QuickOrder />} />
          <Route path={sub(paths.myReviews)} element={<MyReviews />} />
          <Route path={sub(paths.myReturns)} element={<MyReturns />} />
          <Route path={sub(paths.payment(':id'))} element={<Payment />} />
          <Route path={sub(paths.orderDetails(':id'))} element={<OrderDetails />} />
          <Route path={sub(paths.myQuotes)} element={<MyQuotes />} />
          <Route path={sub(paths.taxExemption)} element={<TaxExemption />} />
          <Route path={sub(paths.company)} element={<Company />} />
          <Route path={sub(paths.companyJoin)} element={<JoinCompany />} />
          <Route path={sub(paths.companyApproval(':id'))} element={<CompanyApproval />} />
          <Route path={sub(paths.companyStatement)} element={<CompanyStatement />} />
          <Route path={sub(paths.myEquipment)} element={<MyEquipment />} />
          <Route path={sub(paths.registerMachine)} element={<RegisterMachine />} />
          <Route path={sub(paths.machine(':id'))} element={<Machine />} />
          <Route path={sub(paths.machineKit(':id'))} element={<MachineKit />} />
          <Route element={<RequireAdmin />}>
            <Route path={sub(paths.makeAdmin)} element={<MakeAdmin />} />
            <Route path={sub(paths.allOrders)} element={<AllOrders />} />
            <Route path={sub(paths.returnsAdmin)} element={<ReturnsAdmin />} />
            <Route path={sub(paths.addProduct)} element={<AddProduct />} />
            <Route path={sub(paths.manageProduct)} element={<ManageProduct />} />
            <Route path={sub(paths.productAdmin(':id'))} element={<ProductAdmin />} />
            <Route path={sub(paths.catalogueData)} element={<CatalogueData />} />
            <Route path={sub(paths.manageNews)} element={<NewsAdmin />} />
            <Route path={sub(paths.storeOverview)} element={<Overview />} />
            <Route path={sub(paths.auditLog)} element={<AuditLog />} />
            <Route path={sub(paths.apiKeys)} element={<ApiKeysAdmin />} />
            <Route path={sub(paths.categoriesAdmin)} element={<CategoriesAdmin />} />
            <Route path={sub(paths.shippingAdmin)} element={<ShippingAdmin />} />
            <Route path={sub(paths.manageQuotes)} element={<ManageQuotes />} />
            <Route path={sub(paths.taxExemptions)} element={<TaxExemptionsAdmin />} />
            <Route path={sub(paths.companiesAdmin)} element={<CompaniesAdmin />} />
            <Route path={sub(paths.companyAdmin(':id'))} element={<CompanyAdmin />} />
            <Route path={sub(paths.equipmentAdmin)} element={<EquipmentAdmin />} />
            <Route path={sub(paths.companyProcurement(':id'))} element={<CompanyProcurement />} />
            <Route path={sub(paths.webhooksAdmin)} element={<WebhooksAdmin />} />
          </Route>
          {/* The footer's links point at pages that do not exist: send them where they mean. */}
          <Route path={sub(paths.myProfileAlias)} element={<Redirect to={paths.dashboard} />} />
          <Route path={sub(paths.checkoutAlias)} element={<Redirect to={paths.myOrders} />} />
          <Route path="*" element={<DashboardNotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
