// The shipping feature's public face: what checkout, orders and the admin use.
export * from './shipping.rates';
export { loadRateTables } from './shipping.tables';
export { tableRatesProvider, type ShippingRatesProvider } from './shipping.provider';
export { shippingRoutes } from './shipping.routes';
