import { Link, useParams } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { PageLocation } from '@/app/router';
import { ArrowLeft } from 'lucide-react';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { newsItemQueryOptions, useNewsItem } from '@/features/news/api/get-news-item';
import { formatPublished } from '@/lib/format';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Component as NotFound } from './not-found';

export const prefetch = (client: QueryClient, at: PageLocation) =>
  client.prefetchQuery(newsItemQueryOptions(at.params.id ?? ''));

export function Component() {
  const { id = '' } = useParams();
  const query = useNewsItem(id);
  useDocumentTitle(query.data?.title ?? 'News');

  if (
    query.isError &&
    query.error instanceof ApiError &&
    (query.error.status === 404 || query.error.status === 400)
  ) {
    return <NotFound />;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={paths.news} className="link link-hover mb-6 inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" /> All news
      </Link>
      {query.isPending && (
        <div role="status" aria-label="Loading article" className="space-y-4">
          <div className="skeleton h-10 w-3/4" />
          <div className="skeleton h-4 w-1/3" />
          <div className="skeleton h-40 w-full" />
        </div>
      )}
      {query.isError && (
        <ErrorState
          message={`We could not load this article. ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && (
        <article>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{query.data.title}</h1>
          <p className="mt-3 text-base-content/75">
            By <span className="font-semibold text-base-content">{query.data.name}</span> ·{' '}
            <time dateTime={query.data.publishedAt}>{formatPublished(query.data.publishedAt)}</time>
          </p>
          <div className="mt-8 space-y-4 text-lg leading-relaxed">
            {query.data.body.split(/\n{2,}/).map((para, i) => (
              <p key={i} className="whitespace-pre-line">
                {para}
              </p>
            ))}
          </div>
        </article>
      )}
    </div>
  );
}
