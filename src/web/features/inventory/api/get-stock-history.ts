import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StockHistory } from '@shared/inventory/inventory.schema';
import { api } from '@/lib/api-client';
import { inventoryKeys } from '@/lib/query-keys/inventory';

export const STOCK_PAGE_SIZE = 20;

/** GET /api/inventory/products/{id}/movements (admin), page by page with `before`. */
export const stockHistoryQueryOptions = (productId: string) =>
  infiniteQueryOptions({
    queryKey: inventoryKeys.history(productId),
    queryFn: ({ pageParam }) =>
      api<StockHistory>(
        `/inventory/products/${encodeURIComponent(productId)}/movements?limit=${STOCK_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useStockHistory = (productId: string) => useInfiniteQuery(stockHistoryQueryOptions(productId));
