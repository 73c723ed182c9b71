import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart, CartLineAdd } from '@shared/cart/cart.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';

// The navbar's cart icon loads this file (in a lazy chunk): it stays small, with types only from the schema.

const cartPath = (email: string) => `/cart/${encodeURIComponent(email)}`;

/** GET /api/cart/{email}: the customer's cart, priced now. */
export const getCart = (email: string) => api<Cart>(cartPath(email));

export const cartQueryOptions = (email: string) =>
  queryOptions({ queryKey: orderKeys.cart(email), queryFn: () => getCart(email), enabled: !!email });

export const useCart = (email: string | undefined) => useQuery(cartQueryOptions(email ?? ''));

/** POST /api/cart/{email}/lines: adds to the product's line (400/409 naming `quantity` when a rule says no). */
export const addToCart = (email: string, input: CartLineAdd) =>
  api<Cart>(`${cartPath(email)}/lines`, { method: 'POST', body: JSON.stringify(input) });

/** PUT /api/cart/{email}/lines/{productId}: sets the line's quantity. */
export const setCartLine = (email: string, productId: string, quantity: number) =>
  api<Cart>(`${cartPath(email)}/lines/${productId}`, { method: 'PUT', body: JSON.stringify({ quantity }) });

/** DELETE /api/cart/{email}/lines/{productId}. */
export const removeCartLine = (email: string, productId: string) =>
  api<Cart>(`${cartPath(email)}/lines/${productId}`, { method: 'DELETE' });

/** Every cart write answers the whole cart: keep it as the cart query's data (the navbar's count follows). */
export function useCartWrite(email: string) {
  const queryClient = useQueryClient();
  return async (write: (email: string) => Promise<Cart>) => {
    const cart = await write(email);
    queryClient.setQueryData(orderKeys.cart(email), cart);
    return cart;
  };
}
