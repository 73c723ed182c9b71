import { useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCreate } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';
import { storeSummaryKeys } from '@/lib/query-keys/audit';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

export interface ProductCreated {
  acknowledged: true;
  insertedId: string;
  product: Product;
}

/** POST /api/product (admin): adds a product; 400 `{ message: "price: …" }` names the field it rejects. */
export const createProduct = (input: ProductCreate) =>
  api<ProductCreated>('/product', { method: 'POST', body: JSON.stringify(input) });

/** Adds the product, then refreshes every product list (home, catalogue, admin table) and the overview. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return async (input: ProductCreate) => {
    const created = await createProduct(input);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      ...storeSummaryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
    return created;
  };
}
