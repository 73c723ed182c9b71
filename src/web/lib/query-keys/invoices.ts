/**
 * An order's documents and history change whenever the order does (paid, delivered, refunded), so they live under
 * the orders' prefix: whatever invalidates the orders refreshes them too.
 */
export const invoiceKeys = {
  all: ['orders', 'history'] as const,
  documents: (orderId: string) => ['orders', 'history', orderId, 'documents'] as const,
  timeline: (orderId: string) => ['orders', 'history', orderId, 'timeline'] as const,
};
