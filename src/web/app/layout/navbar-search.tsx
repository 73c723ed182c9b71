import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

// The combobox code loads on the field's first focus: up front the navbar costs one plain input (the first page's
// budget). Until then, and without JavaScript, the form is an ordinary GET to the catalogue.
const SearchCombobox = lazy(() => import('@/features/catalogue/components/search-combobox'));

/** The header's search, on every page but the catalogue's, which has its own (one search box a page). */
export function NavbarSearch() {
  const { pathname } = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  if (pathname === paths.products) return null;
  return (
    <form
      role="search"
      action={paths.products}
      className="relative w-full pb-3 max-lg:order-last lg:w-72 lg:pb-0 xl:w-96"
    >
      {/* A visible label (daisyUI's label inside the input box), not only a placeholder. */}
      <label htmlFor={id} className="input input-sm w-full border border-base-content/50">
        <span className="label">Search products</span>
        <input
          ref={input}
          id={id}
          name="q"
          type="search"
          autoComplete="off"
          placeholder="name or SKU"
          onFocus={() => setActive(true)}
        />
      </label>
      {active && (
        <Suspense fallback={null}>
          <SearchCombobox input={input} />
        </Suspense>
      )}
    </form>
  );
}
