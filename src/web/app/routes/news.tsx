import type { QueryClient } from '@tanstack/react-query';
import { newsQueryOptions } from '@/features/news/api/get-news';
import { NewsTeasers } from '@/features/news/components/news-teasers';
import { useDocumentTitle } from '@/lib/use-document-title';

export const prefetch = (client: QueryClient) => client.prefetchQuery(newsQueryOptions());

export function Component() {
  useDocumentTitle('Blogs and News');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold tracking-tight sm:text-4xl">Blogs and News</h1>
      <p className="mb-8 text-base-content/75">
        Maintenance tips, buying guides and news from the shop floor.
      </p>
      <NewsTeasers headingLevel={2} />
    </div>
  );
}
