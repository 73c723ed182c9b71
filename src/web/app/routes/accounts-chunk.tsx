import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { Component as Dashboard } from './dashboard/dashboard-routes';
import { Component as Login } from './login';
import { Component as RequestPasswordReset } from './request-password-reset';
import { Component as Register } from './register';
import { Component as ChooseNewPassword } from './choose-new-password';
import { Component as VerifyEmail } from './verify-email';
import { Component as SetupAdmin } from './setup-admin';

/**
 * Every account page, in one chunk behind one lazy element of the router (login, register, password-reset,
 * reset-password, verify-email and dashboard/*): each lazy chunk adds its name and dependencies to the first page's
 * JavaScript, and the home page's 100 kB budget has no bytes to spare. The router has matched the path
 * already; this picks the page from its first segment.
 */
export function Component() {
  switch (`/${useLocation().pathname.split('/')[1]?.toLowerCase()}`) {
    case paths.login:
      return <Login />;
    case paths.register:
      return <Register />;
    case paths.passwordReset:
      return <RequestPasswordReset />;
    case paths.resetPassword:
      return <ChooseNewPassword />;
    case paths.verifyEmail:
      return <VerifyEmail />;
    case paths.setupAdmin:
      return <SetupAdmin />;
    default:
      return <Dashboard />;
  }
}
