import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSignOut } from '../api/sign-out';

/**
 * The navbar's links for a logged-in user (Dashboard and Log out). Loaded only once someone is
 * logged in, so the anonymous home page does not carry it.
 */
export default function AccountLinks({ linkClass }: { linkClass: (s: { isActive: boolean }) => string }) {
  const signOut = useSignOut();
  return (
    <>
      <li>
        <NavLink to={paths.dashboard} className={linkClass}>
          Dashboard
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          className={`${linkClass({ isActive: false })} cursor-pointer text-left`}
          onClick={signOut}
        >
          Log out
        </button>
      </li>
    </>
  );
}
