/**
 * Starting a page's chunk ahead of a click, from components that may not import the router (lib and features sit
 * below app/): the router registers the loader, a product card calls it on hover or touch.
 */
let productPage: (() => void) | undefined;

export function registerProductPagePreload(load: () => void) {
  productPage = load;
}

export const preloadProductPage = () => productPage?.();
