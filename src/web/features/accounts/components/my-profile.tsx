import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '../api/get-profile';
import { useSession } from '../api/get-session';
import { ProfileForm } from './profile-form';
import { Avatar, PhotoUpload } from './profile-photo';

/** The dashboard's index: photo, name and email, and the editable profile. */
export function MyProfile() {
  const session = useSession();
  const email = session.data?.user.email ?? '';
  const profile = useProfile(email);

  return (
    <section aria-labelledby="my-profile-heading">
      <h1 id="my-profile-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        My Profile
      </h1>
      {profile.isPending ? (
        <div className="py-10">
          <Spinner label="Loading your profile" />
        </div>
      ) : profile.isError ? (
        <ErrorState
          message={`We could not load your profile. ${profile.error.message}`}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_2fr]">
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-4 p-5">
              <div className="flex items-center gap-4">
                <Avatar image={profile.data.image} name={profile.data.name} />
                <dl className="min-w-0">
                  <dt className="sr-only">Name</dt>
                  <dd className="text-lg font-semibold break-words">{profile.data.name}</dd>
                  <dt className="sr-only">Email</dt>
                  <dd className="break-all text-base-content/75">{profile.data.email}</dd>
                </dl>
              </div>
              <PhotoUpload email={email} />
            </div>
          </div>
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body p-5">
              <h2 className="card-title">Your details</h2>
              <ProfileForm profile={profile.data} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
