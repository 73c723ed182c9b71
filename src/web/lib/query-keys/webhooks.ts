export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (cursor: string | undefined) => ['webhooks', 'list', cursor ?? ''] as const,
  deliveries: (id: string, cursor: string | undefined) =>
    ['webhooks', 'deliveries', id, cursor ?? ''] as const,
};
