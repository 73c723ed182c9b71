// The tax feature's public face: what checkout, orders and the admin use.
export * from './tax.rates';
export { loadTaxRates } from './tax.tables';
export { tableTaxProvider, type TaxProvider, type TaxRate } from './tax.provider';
export { taxRoutes } from './tax.routes';
export { activeExemption, activeExemptions } from './tax-exemptions.active';
export { taxExemptionsRoutes } from './tax-exemptions.routes';
