// The tax feature's public face: what checkout, orders and the admin use.
export * from './tax.rates';
export { loadTaxRates, tableTaxProvider, type TaxProvider } from './tax.tables';
export { taxRoutes } from './tax.routes';
export { activeExemption, activeExemptions } from './tax-exemptions.service';
export { taxExemptionsRoutes } from './tax-exemptions.routes';
