export const shippingKeys = {
  all: ['shipping'] as const,
  settings: ['shipping', 'settings'] as const,
  taxRates: ['shipping', 'tax-rates'] as const,
};
