import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { Timeline } from '@shared/invoices/timeline.schema';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '@/lib/query-keys/invoices';

/** GET /api/order/{id}/invoices: the order's invoice and credit notes, oldest first (its owner or an admin). */
export const getOrderDocuments = (orderId: string) =>
  api<Invoice[]>(`/order/${encodeURIComponent(orderId)}/invoices`);

/** GET /api/order/{id}/timeline: what happened to the order, oldest first; who did it for admins only. */
export const getOrderTimeline = (orderId: string) =>
  api<Timeline>(`/order/${encodeURIComponent(orderId)}/timeline`);

export const useOrderDocuments = (orderId: string) =>
  useQuery({ queryKey: invoiceKeys.documents(orderId), queryFn: () => getOrderDocuments(orderId) });

export const useOrderTimeline = (orderId: string) =>
  useQuery({
    queryKey: invoiceKeys.timeline(orderId),
    queryFn: () => getOrderTimeline(orderId),
    select: (t) => t.entries,
  });
