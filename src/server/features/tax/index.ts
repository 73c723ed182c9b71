// The tax feature's public face: what checkout, orders and the admin use.
export * from './tax.rates';
export { loadTaxRates } from './tax.tables';
export { activeExemption } from './tax.exemption-lookup';
export { taxRoutes } from './tax.routes';
