import { useQuery } from '@tanstack/react-query';
import { cartCalls } from '@shared/cart/cart.calls';
import { callApi } from '@/lib/call-api';
import { orderKeys } from '@/lib/query-keys/orders';
import { useDebounced } from '@/lib/shipping-rates';

/** POST /api/cart/{email}/price: one product line priced as the cart would price it, without adding it. */
export const getLinePrice = (email: string, productId: string, quantity: number) =>
  callApi(cartCalls.priceLine, { params: { email }, body: { productId, quantity } });

/**
 * The server's price of `quantity` units (unit price, savings by source), asked once the quantity has stopped
 * changing for `delay` ms. Its answer names its quantity: one for another quantity is not this one's.
 */
export function useLinePrice(
  email: string,
  productId: string,
  quantity: number,
  { enabled = true, delay = 250 } = {},
) {
  const debounced = useDebounced(quantity, delay);
  return useQuery({
    queryKey: orderKeys.linePrice(email, productId, debounced),
    queryFn: () => getLinePrice(email, productId, debounced),
    enabled: enabled && !!email && Number.isInteger(debounced) && debounced > 0,
    staleTime: 30_000,
  });
}
