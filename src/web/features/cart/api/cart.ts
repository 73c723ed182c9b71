import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart, CartLineAdd } from '@shared/cart/cart.schema';
import { cartCalls } from '@shared/cart/cart.calls';
import { callApi } from '@/lib/call-api';
import { orderKeys } from '@/lib/query-keys/orders';

// The navbar's cart icon loads this file (in a lazy chunk): it stays small, with types only from the schema.

/** GET /api/cart/{email}: the customer's cart, priced now. */
export const getCart = (email: string) => callApi(cartCalls.cart, { params: { email } });

export const cartQueryOptions = (email: string) =>
  queryOptions({ queryKey: orderKeys.cart(email), queryFn: () => getCart(email), enabled: !!email });

export const useCart = (email: string | undefined) => useQuery(cartQueryOptions(email ?? ''));

/** POST /api/cart/{email}/lines: adds to the product's line (400/409 naming `quantity` when a rule says no). */
export const addToCart = (email: string, input: CartLineAdd) =>
  callApi(cartCalls.addLine, { params: { email }, body: input });

/** PUT /api/cart/{email}/lines/{productId}: sets the line's quantity. */
export const setCartLine = (email: string, productId: string, quantity: number) =>
  callApi(cartCalls.setLine, { params: { email, productId }, body: { quantity } });

/** DELETE /api/cart/{email}/lines/{productId}. */
export const removeCartLine = (email: string, productId: string) =>
  callApi(cartCalls.removeLine, { params: { email, productId } });

/**
 * Every cart write answers the whole cart: `mutateAsync(write)` runs one and keeps its answer as the cart query's
 * data (the navbar's count follows).
 */
export function useCartWrite(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: (email: string) => Promise<Cart>) => write(email),
    onSuccess: (cart) => queryClient.setQueryData(orderKeys.cart(email), cart),
  });
}
