import { useIsAdmin } from '@/features/accounts/api/get-user-role';
import { useSession } from '@/features/accounts/api/get-session';
import { MyProfile } from '@/features/accounts/components/my-profile';
import { StaffMailSetting } from '@/features/notifications/components/staff-mail-setting';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('My Profile');
  const email = useSession().data?.user.email;
  const { isAdmin } = useIsAdmin(email);
  return (
    <>
      <MyProfile />
      {isAdmin && email && (
        <section
          aria-labelledby="staff-mail-heading"
          className="card mt-6 border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body p-5">
            <h2 id="staff-mail-heading" className="card-title">
              Notifications
            </h2>
            <StaffMailSetting email={email} />
          </div>
        </section>
      )}
    </>
  );
}
