/**
 * The third shop under test: the demo data with its shipping methods and sales tax rates (the main shop runs
 * goods-only, the spec's rule), for the shipping, tax and backorder flows (see playwright.config.ts).
 */
export const e2eRatesURL = () => `http://127.0.0.1:${Number(process.env.E2E_RATES_PORT ?? 3102)}`;
