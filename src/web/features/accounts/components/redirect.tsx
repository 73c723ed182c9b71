import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Like react-router's <Navigate replace>, which would add its code to the first page's JavaScript
 * (the framework chunk holds every react-router export the app uses, and the budget has no room).
 */
export function Redirect({ to, state }: { to: string; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true, state });
  }, [navigate, to, state]);
  return null;
}
