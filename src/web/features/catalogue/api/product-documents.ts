import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind, ProductDocument } from '@shared/catalogue/documents.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';
import { uploadFile } from '@/lib/upload-file';

const base = (productId: string) => `/catalogue/products/${encodeURIComponent(productId)}/documents`;

/** GET /api/catalogue/products/{id}/documents (everyone). */
export const productDocumentsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: catalogueKeys.documents(productId),
    queryFn: () => api<ProductDocument[]>(base(productId)),
  });

export const useProductDocuments = (productId: string) => useQuery(productDocumentsQueryOptions(productId));

/** Upload (POST, multipart field "file") and removal (DELETE) of a product's documents (admin); both refresh the list. */
export function useDocumentActions(productId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.documents(productId) });
  return {
    async upload(file: File, kind: DocumentKind, title: string) {
      const query = new URLSearchParams({ kind, ...(title.trim() && { title: title.trim() }) });
      const doc = await uploadFile<ProductDocument>(`${base(productId)}?${query}`, 'file', file);
      await refresh();
      return doc;
    },
    async remove(documentId: string) {
      await api(`${base(productId)}/${encodeURIComponent(documentId)}`, { method: 'DELETE' });
      await refresh();
    },
  };
}
