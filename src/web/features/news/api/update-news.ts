import { useQueryClient } from '@tanstack/react-query';
import type { NewsInput, NewsItem } from '@shared/news/news.schema';
import { api } from '@/lib/api-client';
import { storeSummaryKeys } from '@/lib/query-keys/audit';
import { newsKeys } from '@/lib/query-keys/news';

/** PUT /api/news/{id} (admin): replaces the article's title, body and author name. */
export const updateNews = (id: string, input: NewsInput) =>
  api<NewsItem>(`/news/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(input) });

/** Saves, then refreshes every news query (home teasers, /blog, /blog/{id}) and the audit log. */
export function useUpdateNews() {
  const queryClient = useQueryClient();
  return async (id: string, input: NewsInput) => {
    const item = await updateNews(id, input);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: newsKeys.all }),
      ...storeSummaryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
    return item;
  };
}
