import type { ErrorBody } from '@shared/common/common.schema';

/** An API failure as the user should see it: the server's message, or a plain one for network trouble. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The request field the server names as the cause (`field` of the error body), for forms to point at. */
    readonly field?: string,
    /** The whole error body, for the few calls whose errors carry more (a checkout's refused lines). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** How `api()` reaches the shop: the browser's fetch, or on the server the app itself (setApiTransport). */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Replaces how `api()` reaches the shop. The server renders public pages with the same query functions the browser
 * runs, answered by the app in-process (src/server/features/seo/server-render.ts).
 */
export function setApiTransport(next: Transport) {
  transport = next;
}

export async function api<T>(
  path: string,
  init: RequestInit = {},
  /** Sees the response's headers (paged lists read their cursor there). */
  onHeaders?: (headers: Headers) => void,
): Promise<T> {
  let res: Response;
  try {
    res = await transport(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(0, 'network', 'We could not reach the shop. Check your connection and try again.');
  }
  onHeaders?.(res.headers);
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const err = body as (Partial<ErrorBody> & { field?: string }) | undefined;
    throw new ApiError(
      res.status,
      err?.error ?? 'unknown',
      err?.message ?? `The shop answered with an unexpected error (${res.status}). Please try again.`,
      err?.field,
      body,
    );
  }
  return body as T;
}
