import { useSession } from '@/features/accounts/api/get-session';
import { MyReviewsList } from '@/features/reviews/components/my-reviews-list';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('My reviews');
  const user = useSession().data?.user;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My reviews</h1>
      <p className="mt-2 text-base-content/75">The reviews you have written about delivered orders.</p>
      {user && <MyReviewsList email={user.email} />}
    </section>
  );
}
