export const apiKeyKeys = {
  all: ['api-keys'] as const,
  /** One page of the admins' list. */
  list: (params: Record<string, string | undefined>) => ['api-keys', 'list', params] as const,
};
