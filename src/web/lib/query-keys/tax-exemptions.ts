export const taxExemptionKeys = {
  all: ['tax-exemptions'] as const,
  /** One page of a customer's own certificates. */
  mine: (email: string, params: Record<string, string | undefined>) =>
    ['tax-exemptions', 'mine', email, params] as const,
  /** One page of the admins' review list. */
  list: (params: Record<string, string | undefined>) => ['tax-exemptions', 'list', params] as const,
};
