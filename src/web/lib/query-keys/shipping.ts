export const shippingKeys = {
  all: ['shipping'] as const,
  settings: ['shipping', 'settings'] as const,
  taxRates: ['shipping', 'tax-rates'] as const,
  /** The rates of the caller's cart (or one product line) to a destination. */
  rates: (email: string, request: object) => ['shipping', 'rates', email, request] as const,
  /** The caller's saved delivery addresses. */
  addresses: (email: string) => ['shipping', 'addresses', email] as const,
};
