import { Link } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { homeProductsQueryOptions } from '@/features/catalogue/api/get-home-products';
import { newsQueryOptions } from '@/features/news/api/get-news';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { useHomeProducts } from '@/features/catalogue/api/get-home-products';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { Hero } from '@/features/content/components/hero';
import { PromoVideo } from '@/features/content/components/promo-video';
import { TrustStats } from '@/features/content/components/trust-stats';
import { NewsTeasers } from '@/features/news/components/news-teasers';
import { useDocumentTitle } from '@/lib/use-document-title';

const TOOLS_ID = 'tools';

/** What the home page's first render reads, for the server to render it (src/web/server-render.tsx). */
export const prefetch = (client: QueryClient) =>
  Promise.all([client.prefetchQuery(homeProductsQueryOptions()), client.prefetchQuery(newsQueryOptions())]);

export function Component() {
  useDocumentTitle(undefined);
  const products = useHomeProducts();
  return (
    <>
      <Hero targetId={TOOLS_ID} />
      <section aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div id={TOOLS_ID} tabIndex={-1} className="scroll-mt-20 outline-none">
          <SectionHeading id="tools-heading" title="Our tools">
            Compressors, air treatment and power tools, ready to ship.
          </SectionHeading>
        </div>
        <ProductGrid query={products} />
        <div className="mt-10 text-center">
          <Link to={paths.products} className="btn btn-outline btn-primary">
            See all products
          </Link>
        </div>
      </section>
      <TrustStats />
      <PromoVideo />
      <section aria-labelledby="news-heading" className="bg-base-200 py-16">
        <div className="mx-auto max-w-7xl px-4">
          <SectionHeading id="news-heading" title="Blogs and News">
            Maintenance tips, buying guides and news from the shop floor.
          </SectionHeading>
          <NewsTeasers limit={3} />
          <div className="mt-10 text-center">
            <Link to={paths.news} className="btn btn-outline btn-primary">
              All news
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
