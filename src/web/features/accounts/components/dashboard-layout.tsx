import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useIsAdmin } from '../api/get-user-role';
import { useSession } from '../api/get-session';

const customerLinks = [
  { to: paths.myOrders, label: 'My Orders' },
  { to: paths.myReturns, label: 'My Returns' },
  { to: paths.cart, label: 'Cart' },
  { to: paths.quickOrder, label: 'Quick Order' },
  { to: paths.myReviews, label: 'My reviews' },
  { to: paths.myQuotes, label: 'My Quotes' },
  { to: paths.myEquipment, label: 'My equipment' },
  { to: paths.taxExemption, label: 'Tax exemption' },
  { to: paths.company, label: 'Company' },
];

const adminLinks = [
  { to: paths.allOrders, label: 'Manage All Orders' },
  { to: paths.returnsAdmin, label: 'Returns' },
  { to: paths.addProduct, label: 'Add A Product' },
  { to: paths.makeAdmin, label: 'Make Admin' },
  { to: paths.manageProduct, label: 'Manage Products' },
  { to: paths.categoriesAdmin, label: 'Categories' },
  { to: paths.catalogueData, label: 'Catalogue Data' },
  { to: paths.shippingAdmin, label: 'Shipping & tax' },
  { to: paths.storeOverview, label: 'Store Overview' },
  { to: paths.manageNews, label: 'Manage News' },
  { to: paths.auditLog, label: 'Audit Log' },
  { to: paths.apiKeys, label: 'API keys' },
  { to: paths.manageQuotes, label: 'Manage Quotes' },
  { to: paths.taxExemptions, label: 'Tax exemptions' },
  { to: paths.companiesAdmin, label: 'Companies' },
  { to: paths.equipmentAdmin, label: 'Equipment models' },
  { to: paths.webhooksAdmin, label: 'Webhooks' },
];

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/**
 * Dashboard: a side menu beside the nested page; on small screens one line above it that scrolls sideways (a
 * wrapping list of eight to fourteen links pushed every page down by ~250 px), the current page's link in view.
 */
export function DashboardLayout() {
  const session = useSession();
  const role = useIsAdmin(session.data?.user.email);
  const links = role.isPending ? [] : role.isAdmin ? adminLinks : customerLinks;
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // Only the line scrolls (not the page): the current link is brought into the line's view.
  useEffect(() => {
    const box = list.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !current || box.scrollWidth <= box.clientWidth) return;
    const [line, link] = [box.getBoundingClientRect(), current.getBoundingClientRect()];
    box.scrollLeft += link.left - line.left - (line.width - link.width) / 2;
  }, [pathname, links.length]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:py-10">
      <aside className="md:w-60 md:shrink-0">
        <nav
          aria-label="Dashboard"
          className="rounded-box border border-base-300 bg-base-200 md:sticky md:top-20"
        >
          <ul
            ref={list}
            className="menu w-full flex-row flex-nowrap gap-1 overflow-x-auto whitespace-nowrap max-md:py-1 md:flex-col md:whitespace-normal [&>li]:shrink-0"
          >
            <li>
              <NavLink to={paths.dashboard} end className={linkClass}>
                My Profile
              </NavLink>
            </li>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            {role.isPending && (
              // The status is inside the item: a role on the <li> itself would take away its list-item role.
              <li className="px-3 py-2">
                <span role="status">
                  <span aria-hidden="true" className="loading loading-dots loading-sm" />
                  <span className="sr-only">Loading the menu</span>
                </span>
              </li>
            )}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
