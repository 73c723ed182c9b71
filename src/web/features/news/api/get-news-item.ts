import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '@shared/news/news.schema';
import { api } from '@/lib/api-client';
import { newsKeys } from '@/lib/query-keys/news';

export const getNewsItem = (id: string) => api<NewsItem>(`/news/${encodeURIComponent(id)}`);

export const newsItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: newsKeys.item(id), queryFn: () => getNewsItem(id) });

export const useNewsItem = (id: string) => useQuery(newsItemQueryOptions(id));
