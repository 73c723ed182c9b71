import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiScope } from '@shared/api-keys/api-keys.scopes';

/** The key a request acts as (decision 062): set by the api-keys feature's guard, before the session guard runs. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: ApiScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyCaller | null;
  }
  interface FastifyContextConfig {
    /**
     * The scope an API key needs to call this route. A route without one is closed to every key (403), whatever
     * its `auth`: keys reach only what a route declares.
     */
    apiScope?: ApiScope;
    /** The only body fields a key may send to this route (a key that writes price and stock writes nothing else). */
    apiFields?: readonly string[];
  }
}

const BEARER_KEY = new RegExp(`^Bearer\\s+(${API_KEY_PREFIX}[A-Za-z0-9_-]{1,200})\\s*$`);

/** The API key secret a request's `Authorization: Bearer sk_live_…` carries, if it carries one. */
export function apiKeySecretOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return BEARER_KEY.exec(header)?.[1];
}

/** Whether the Authorization header names an API key at all (well formed or not): never a session token then. */
export const claimsApiKey = (req: FastifyRequest) =>
  req.headers.authorization?.startsWith(`Bearer ${API_KEY_PREFIX}`) === true;
