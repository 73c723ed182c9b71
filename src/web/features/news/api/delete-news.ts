import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeSummaryKeys } from '@/lib/query-keys/audit';
import { newsKeys } from '@/lib/query-keys/news';

/** DELETE /api/news/{id} (admin). */
export const deleteNews = (id: string) =>
  api<{ acknowledged: true }>(`/news/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Deletes, then refreshes every news query (home teasers, /blog, /blog/{id}) and the audit log. */
export function useDeleteNews() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    await deleteNews(id);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: newsKeys.all }),
      ...storeSummaryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  };
}
