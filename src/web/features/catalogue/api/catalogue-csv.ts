import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueImport, ImportMode } from '@shared/catalogue/catalogue-csv.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';
import { uploadFile } from '@/lib/upload-file';

/** GET /api/catalogue/export.csv (admin): a plain link downloads it, streamed by the server. */
export const catalogueExportUrl = '/api/catalogue/export.csv';

/** POST /api/catalogue/imports (admin, multipart field "file"): starts an import and returns its id. */
export async function startCatalogueImport(
  file: File,
  options: { mode: ImportMode; createCategories: boolean },
) {
  const query = new URLSearchParams({
    mode: options.mode,
    createCategories: String(options.createCategories),
  });
  const started = await uploadFile<{ importId: string }>(`/catalogue/imports?${query}`, 'file', file);
  return started.importId;
}

const running = (i: CatalogueImport | undefined) => !i || i.status === 'validating' || i.status === 'writing';

/** GET /api/catalogue/imports/{id}: polled every half second until the import has finished. */
export const catalogueImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.catalogueImport(id),
    queryFn: () => api<CatalogueImport>(`/catalogue/imports/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (running(query.state.data) ? 500 : false),
  });

export const useCatalogueImport = (id: string) => useQuery(catalogueImportQueryOptions(id));
