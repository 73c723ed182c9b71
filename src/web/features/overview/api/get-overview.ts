import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@shared/overview/overview.schema';
import { api } from '@/lib/api-client';
import { overviewKeys } from '@/lib/query-keys/overview';

/** GET /api/admin/overview (admin): revenue of the last 30 days, orders by status, low stock, newest orders. */
export const getOverview = () => api<Overview>('/admin/overview');

export const overviewQueryOptions = () => queryOptions({ queryKey: overviewKeys.all, queryFn: getOverview });

export const useOverview = () => useQuery(overviewQueryOptions());
