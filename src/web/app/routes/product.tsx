import { useParams } from 'react-router';
import { RequireAuth } from '../../features/accounts/components/require-auth';
import { ProductDetails } from '../../features/catalogue/components/product-details';

/** /product/{id}: logged-in customers only (SPEC §2); anonymous visitors go to /login and come back. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <ProductDetails key={id} id={id} />
    </RequireAuth>
  );
}
