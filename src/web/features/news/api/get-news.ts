import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '@shared/news/news.schema';
import { api } from '@/lib/api-client';
import { newsKeys } from '@/lib/query-keys/news';

export const getNews = () => api<NewsItem[]>('/news');

export const newsQueryOptions = () => queryOptions({ queryKey: newsKeys.list(), queryFn: getNews });

export const useNews = () => useQuery(newsQueryOptions());
