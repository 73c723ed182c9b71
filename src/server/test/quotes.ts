import type { FastifyInstance } from 'fastify';
import type { Client } from './auth';

/** A UTC calendar day `days` from today (negative: in the past), as the quote calls take it. */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The quote calls as a browser makes them (docs/decisions/026-quotes.md). */
export const quoteApi = (app: FastifyInstance, client: Client | null) => {
  const headers = client?.headers ?? {};
  return {
    request: (body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/quotes', headers, payload: body }),
    list: (query = '') => app.inject({ url: `/api/quotes${query}`, headers }),
    get: (id: string) => app.inject({ url: `/api/quotes/${id}`, headers }),
    answer: (id: string, body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/quotes/${id}/answer`, headers, payload: body }),
    decline: (id: string, reason: unknown) =>
      app.inject({ method: 'PUT', url: `/api/quotes/${id}/decline`, headers, payload: { reason } }),
    rates: (id: string, body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/quotes/${id}/shipping-rates`, headers, payload: body }),
    accept: (id: string, body: Record<string, unknown> = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/quotes/${id}/accept`,
        headers,
        payload: { number: '+1 555 0100', address: '1 Yard Road', ...body },
      }),
  };
};
