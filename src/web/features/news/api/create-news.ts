import { useQueryClient } from '@tanstack/react-query';
import type { NewsInput, NewsItem } from '@shared/news/news.schema';
import { api } from '@/lib/api-client';
import { storeSummaryKeys } from '@/lib/query-keys/audit';
import { newsKeys } from '@/lib/query-keys/news';

/** POST /api/news (admin): publishes an article. */
export const createNews = (input: NewsInput) =>
  api<NewsItem>('/news', { method: 'POST', body: JSON.stringify(input) });

/** Publishes, then refreshes every news query (home teasers, /blog, /blog/{id}) and the audit log. */
export function useCreateNews() {
  const queryClient = useQueryClient();
  return async (input: NewsInput) => {
    const item = await createNews(input);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: newsKeys.all }),
      ...storeSummaryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
    return item;
  };
}
