import { useSession } from '@/features/accounts/api/get-session';
import { startCatalogueSearches } from '@/features/catalogue/api/search-catalogue';
import { CataloguePage } from '@/features/catalogue/components/catalogue-page';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';

// This chunk loads as the page is entered, before it renders: its first results are asked for now.
startCatalogueSearches(window.location.search);

/** /our-products: the catalogue (search, categories, filters, pages), its state in the URL; Add to cart on cards. */
export function Component() {
  const email = useSession().data?.user.email;
  return (
    <CataloguePage
      cardAction={(product) => (
        <AddToCartButton product={product} email={email} className="btn btn-outline btn-primary btn-block" />
      )}
    />
  );
}
