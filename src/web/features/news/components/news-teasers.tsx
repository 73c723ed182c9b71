import { Link } from 'react-router';
import type { NewsItem } from '@shared/news/news.schema';
import { newsTeaser } from '@shared/news/news.teaser';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { formatPublished } from '@/lib/format';
import { useNews } from '../api/get-news';

export function NewsTeaser({ item, headingLevel = 3 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `news-${item._id}`;
  return (
    <article aria-labelledby={headingId} className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <p className="text-sm text-base-content/75">
          <time dateTime={item.publishedAt}>{formatPublished(item.publishedAt)}</time> · {item.name}
        </p>
        <Heading id={headingId} className="card-title text-xl leading-snug">
          {item.title}
        </Heading>
        <p className="text-base-content/85">{newsTeaser(item.body)}</p>
        <div className="card-actions mt-auto">
          {/* The article's title is part of the link's text (hidden from sight), not only of an aria-label:
              crawlers and Lighthouse's link-text audit read the text, and "Read more" alone says nothing. */}
          <Link to={paths.newsItem(item._id)} className="link link-primary font-semibold">
            Read more<span className="sr-only">: {item.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

function TeaserSkeletons({ count }: { count: number }) {
  return (
    <div className="grid gap-6 md:grid-cols-3" role="status" aria-label="Loading news">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card border border-base-300" aria-hidden="true">
          <div className="card-body gap-3">
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-6 w-3/4" />
            <div className="skeleton h-20 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Blogs and News: teasers of the newest articles (all of them, or the first `limit`). */
export function NewsTeasers({ limit, headingLevel = 3 }: { limit?: number; headingLevel?: 2 | 3 }) {
  const query = useNews();
  if (query.isPending) return <TeaserSkeletons count={3} />;
  if (query.isError) {
    return (
      <ErrorState
        message={`We could not load the news. ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = limit ? query.data.slice(0, limit) : query.data;
  if (items.length === 0) return <p className="py-6 text-center text-base-content/75">No news yet.</p>;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item._id}>
          <NewsTeaser item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
