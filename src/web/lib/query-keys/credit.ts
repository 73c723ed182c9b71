export const creditKeys = {
  all: ['credit'] as const,
  /** A company's terms, open totals, available credit and hold. */
  account: (companyId: string) => ['credit', 'account', companyId] as const,
  /** One tab of a company's statement. */
  statement: (companyId: string, status: string) => ['credit', 'statement', companyId, status] as const,
  /** Whether a checkout may be paid on account now. */
  option: (checkoutId: string) => ['credit', 'option', checkoutId] as const,
  /** One card payment attempt of account invoices (its intent). */
  cardPayment: (companyId: string, key: string) => ['credit', 'card-payment', companyId, key] as const,
};
