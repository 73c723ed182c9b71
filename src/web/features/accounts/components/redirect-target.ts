import { paths } from '@/config/paths';

/** Router state carried to /login by the guards ("redirected to /login carrying the origin"). */
export interface FromState {
  from?: string | { pathname?: string; search?: string; hash?: string };
  /** Why the visitor was sent to the login page. */
  reason?: 'admin';
}

const authPages: string[] = [paths.login, paths.register, paths.passwordReset, paths.resetPassword];

/** Where to go after logging in: the `from` of the router state if it is a path of this site, else home. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  const path =
    typeof from === 'string'
      ? from
      : from && typeof from.pathname === 'string'
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : paths.home;
  // Only paths on this site (never "//evil.example"), and never back to a login page.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return paths.home;
  if (authPages.includes(path.split(/[?#]/)[0] ?? '')) return paths.home;
  return path;
}
