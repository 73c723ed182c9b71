import { lazy, Suspense, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { iconPaths, StrokeIcon } from '@/components/ui/stroke-icon';
import { paths } from '@/config/paths';
import { useSession } from '@/features/accounts/api/get-session';
import { shopInfo } from '@/lib/shop-info';
import { NavbarSearch } from './navbar-search';

const links = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.products, label: 'Products' },
  { to: paths.myBlog, label: 'My Blog' },
  { to: paths.portfolio, label: 'Portfolio' },
];

// Only logged-in users need these links, the log-out code and the cart: they load after the session check says so.
const AccountNav = lazy(() => import('@/app/account-nav'));
const AccountCart = lazy(() => import('@/app/account-nav').then((m) => ({ default: m.AccountCart })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 font-medium transition-colors hover:bg-base-200 ${isActive ? 'text-primary' : ''}`;

export function Navbar() {
  const { pathname } = useLocation();
  // The mobile menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const session = useSession();

  const items = (
    <>
      {links.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end={l.end} className={linkClass}>
            {l.label}
          </NavLink>
        </li>
      ))}
      {/* Nothing while the session loads, so a logged-in user never sees "Login" flash by. */}
      {session.isPending ? null : session.data ? (
        <Suspense fallback={null}>
          <AccountNav linkClass={linkClass} />
        </Suspense>
      ) : (
        <li>
          <NavLink to={paths.login} className={linkClass}>
            Login
          </NavLink>
        </li>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4"
      >
        <Link to={paths.home} className="flex h-16 items-center gap-2 text-xl font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          {shopInfo().name}
        </Link>
        <NavbarSearch />
        <div className="flex items-center gap-1">
          <ul className="hidden items-center gap-1 md:flex">{items}</ul>
          {/* Outside the menu: on a phone the cart stays one tap away, beside the menu button. */}
          {session.data && (
            <Suspense fallback={null}>
              <AccountCart linkClass={linkClass} />
            </Suspense>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-square md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <StrokeIcon d={open ? iconPaths.close : iconPaths.menu} />
          </button>
        </div>
      </nav>
      <ul
        id={menuId}
        hidden={!open}
        className="flex flex-col gap-1 border-t border-base-300 px-4 py-3 md:hidden"
      >
        {items}
      </ul>
    </header>
  );
}
