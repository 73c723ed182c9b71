import { CataloguePage } from '@/features/catalogue/components/catalogue-page';

/** /our-products: the catalogue (search, categories, filters, pages), its state in the URL. */
export function Component() {
  return <CataloguePage />;
}
