import { useProfile } from '@/features/accounts/api/get-profile';
import { useSession } from '@/features/accounts/api/get-session';
import { MyQuotesList } from '@/features/quotes/components/my-quotes';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/quotes: the customer's requests for quote; a quoted one is accepted into a checkout here. */
export function Component() {
  useDocumentTitle('My Quotes');
  // The profile's phone and address fill in an acceptance's delivery details (RequireAuth loaded the session).
  const profile = useProfile(useSession().data?.user.email ?? '').data;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Quotes</h1>
      <p className="mt-2 text-base-content/75">
        Prices we quoted for your requests. Accept a quote before it expires to order at its prices.
      </p>
      <MyQuotesList saved={profile} />
    </section>
  );
}
