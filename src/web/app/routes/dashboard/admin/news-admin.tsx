import { useSession } from '@/features/accounts/api/get-session';
import { NewsManager } from '@/features/news/components/news-manager';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/news (admin): the articles of the home page's Blogs and News and of /blog/{id}. */
export function Component() {
  useDocumentTitle('Manage News');
  // RequireAuth has loaded the session before this page renders: new articles are signed with the admin's name.
  const author = useSession().data?.user.name;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Manage News</h1>
      <p className="mt-2 text-base-content/75">
        Articles appear on the home page and on the blog as soon as they are published.
      </p>
      <NewsManager defaultAuthor={author} />
    </section>
  );
}
