import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { useSession } from '@/features/accounts/api/get-session';
import { PunchoutBanner } from '@/features/procurement/components/punchout-banner';

/** New pages start at the top; back/forward keeps the browser's own scroll position. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}

export function RootLayout() {
  useScrollToTopOnNavigate();
  const signedIn = !!useSession().data?.user;
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar />
      <PunchoutBanner signedIn={signedIn} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
