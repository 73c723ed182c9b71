import { useParams } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { PageLocation } from '@/app/router';
import { productQueryOptions } from '@/features/catalogue/api/get-product';
import { productDetailQueryOptions } from '@/features/catalogue/api/get-product-detail';
import { productReviewsQueryOptions } from '@/features/reviews/api/get-product-reviews';
import { shopInfo } from '@/lib/shop-info';
import { useSession } from '@/features/accounts/api/get-session';
import { useProfile } from '@/features/accounts/api/get-profile';
import { RequireAuth } from '@/features/accounts/components/require-auth';
import { ProductDetails } from '@/features/catalogue/components/product-details';
import { NotifyMe } from '@/features/inventory/components/notify-me';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { FitNotice } from '@/features/equipment/components/fit-notice';
import { OrderNow } from '@/features/orders/components/order-now';
import { RequestQuoteButton } from '@/features/quotes/components/request-quote';
import { ProductReviews } from '@/features/reviews/components/product-reviews';

/**
 * The product, its Order Now and Add to cart buttons (orders), the back-in-stock request when it cannot be ordered
 * (inventory), Request a quote (quotes) and its reviews: one page made of five features.
 */
function ProductPage({ id }: { id: string }) {
  const session = useSession();
  const user = session.data?.user;
  // The profile's phone and address fill in the order form (accounts feeds orders through the page).
  const profile = useProfile(user?.email ?? '').data;
  const customer = user && {
    name: user.name,
    email: user.email,
    phone: profile?.phone,
    address: profile?.address,
  };
  return (
    <ProductDetails
      id={id}
      orderAction={(product) => (
        <div className="flex flex-wrap items-start gap-3">
          <OrderNow
            product={product}
            customer={customer}
            unavailable={<NotifyMe productId={product._id} signedIn={!!user} />}
          />
          <AddToCartButton
            product={product}
            email={user?.email}
            className="btn btn-outline btn-primary btn-lg"
          />
          {user && <RequestQuoteButton product={product} />}
          <div className="basis-full">
            <FitNotice productId={product._id} signedIn={!!user} />
          </div>
        </div>
      )}
      reviews={(product) => <ProductReviews productId={product._id} />}
    />
  );
}

/**
 * The server renders a product page only when product pages are public: behind the login the page is the login
 * wall, which depends on the visitor's session (`false`: not server-rendered).
 */
export async function prefetch(client: QueryClient, at: PageLocation) {
  if (!shopInfo().publicProductPages) return false;
  const id = at.params.id ?? '';
  await Promise.all([
    client.prefetchQuery(productQueryOptions(id)),
    client.prefetchQuery(productDetailQueryOptions(id)),
    client.prefetchQuery(productReviewsQueryOptions(id)),
  ]);
  return true;
}

/**
 * /product/{id}: logged-in customers only, as the spec says (anonymous visitors go to /login and come back), unless
 * the shop set PUBLIC_PRODUCT_PAGES: then anyone reads it, and Order Now asks for the login.
 */
export function Component() {
  const { id = '' } = useParams();
  const page = <ProductPage key={id} id={id} />;
  return shopInfo().publicProductPages ? page : <RequireAuth>{page}</RequireAuth>;
}
