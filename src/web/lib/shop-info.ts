export interface ShopInfo {
  name: string;
  phone: string;
  email: string;
  address: string;
  /** The social sign-in provider the server has configured, if any. */
  social: 'google' | 'oidc' | null;
  /** PUBLIC_PRODUCT_PAGES: anonymous visitors may read /product/{id} (ordering still asks them to log in). */
  publicProductPages: boolean;
}

// Only Vite's dev server lacks the server-written details; it shows the spec's placeholders.
const fallback: ShopInfo = {
  name: 'Toolhouse',
  phone: '{phone}',
  email: '{email}',
  address: '{address}',
  social: null,
  publicProductPages: false,
};

let cached: ShopInfo | undefined;
let serverInfo: ShopInfo | undefined;

/**
 * The server's own details, for the pages it renders (the same it writes into the page for the browser). One shop per
 * server process: the value is not per request.
 */
export function setServerShopInfo(info: ShopInfo) {
  serverInfo = info;
}

/**
 * The shop's contact details and settings, which the server writes into the page (SHOP_* variables,
 * PUBLIC_PRODUCT_PAGES); the dev server has none.
 */
export function shopInfo(): ShopInfo {
  if (cached) return cached;
  // On the server there is no page to read: it renders with the details it gave (setServerShopInfo).
  if (typeof document === 'undefined') return serverInfo ?? fallback;
  const raw = document.querySelector('meta[name="shop-info"]')?.getAttribute('content');
  try {
    cached =
      raw && raw.startsWith('{') ? { ...fallback, ...(JSON.parse(raw) as Partial<ShopInfo>) } : fallback;
  } catch {
    cached = fallback;
  }
  return cached;
}

/** Forgets the details read from the page, so the next read sees the page as it is now (test files share modules). */
export function forgetShopInfo() {
  cached = undefined;
}
