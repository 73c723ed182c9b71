import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '@shared/news/news.schema';
import { newsTeaser } from '@shared/news/news.teaser';
import { messages } from '@shared/messages';
import { QueryList } from '@/components/ui/query-list';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { useNews } from '../api/get-news';
import { useDeleteNews } from '../api/delete-news';
import { NewsForm } from './news-form';

/** Manage News: publish an article, or edit and delete the published ones (newest first). */
export function NewsManager({ defaultAuthor }: { defaultAuthor?: string | undefined }) {
  const news = useNews();
  const deleteNews = useDeleteNews();
  const [editing, setEditing] = useState<NewsItem | null>(null);
  const deleting = useConfirmTarget<NewsItem>();
  const formHeading = useRef<HTMLHeadingElement>(null);

  const startEditing = (item: NewsItem) => {
    setEditing(item);
    formHeading.current?.scrollIntoView?.({ block: 'start' });
  };
  const stopEditing = () => {
    setEditing(null);
    formHeading.current?.focus();
  };

  return (
    <div className="mt-6 grid gap-8 xl:grid-cols-2">
      <section
        aria-labelledby="news-form-heading"
        className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
      >
        <h2
          id="news-form-heading"
          ref={formHeading}
          tabIndex={-1}
          className="mb-4 text-xl font-bold outline-none"
        >
          {editing ? `Edit “${editing.title}”` : 'Publish an article'}
        </h2>
        <NewsForm
          key={editing?._id ?? 'new'}
          item={editing ?? undefined}
          defaultAuthor={defaultAuthor}
          onDone={() => {
            if (editing) stopEditing();
          }}
        />
      </section>

      <section aria-labelledby="news-list-heading">
        <h2 id="news-list-heading" className="mb-4 text-xl font-bold">
          Articles{news.data && ` (${news.data.length})`}
        </h2>
        <QueryList
          query={news}
          loadingLabel="Loading articles…"
          what="the articles"
          skeleton={{ count: 3, className: 'h-28' }}
          empty={
            <p className="text-base-content/75">No articles yet. Publish the first one with the form.</p>
          }
        >
          {(items) => (
            <ul className="flex flex-col gap-3">
              {items.map((item) => (
                <li key={item._id}>
                  <article
                    aria-labelledby={`admin-news-${item._id}`}
                    className={`rounded-box border bg-base-100 p-4 ${editing?._id === item._id ? 'border-primary' : 'border-base-300'}`}
                  >
                    <h3
                      id={`admin-news-${item._id}`}
                      className="text-lg font-semibold leading-snug break-words"
                    >
                      {item.title}
                    </h3>
                    <p className="mt-1 text-sm text-base-content/75">
                      {item.name} · <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                    </p>
                    <p className="mt-2 break-words text-base-content/85">{newsTeaser(item.body)}</p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <EditDeleteButtons
                        name={item.title}
                        onEdit={() => startEditing(item)}
                        onDelete={() => deleting.ask(item)}
                      />
                      <Link
                        to={paths.newsItem(item._id)}
                        className="btn btn-sm btn-ghost"
                        aria-label={`View ${item.title}`}
                      >
                        View
                      </Link>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </QueryList>
      </section>

      {deleting.target && (
        <ConfirmDialog
          title="Delete article?"
          confirmLabel="Delete"
          busy={deleting.busy}
          error={deleting.error}
          onConfirm={() =>
            deleting.confirm(
              (item) => deleteNews(item._id),
              messages.productDeleted,
              (item) => editing?._id === item._id && setEditing(null),
            )
          }
          onClose={deleting.close}
        >
          <p>
            <span className="font-semibold">{deleting.target.title}</span> leaves the home page and the blog
            for good.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
