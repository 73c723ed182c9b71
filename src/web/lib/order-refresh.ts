import type { QueryClient } from '@tanstack/react-query';
import { catalogueKeys } from './query-keys/catalogue';
import { orderKeys } from './query-keys/orders';

/**
 * Stock and the order lists change together: after placing, cancelling or refunding an order or a checkout, or when
 * stock ran out meanwhile. The cart is under `orderKeys.all`, so its lines' problems are checked again too.
 */
export const refreshAfterOrderChange = (queryClient: QueryClient, productId?: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: catalogueKeys.product(productId) }),
    queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  ]);
