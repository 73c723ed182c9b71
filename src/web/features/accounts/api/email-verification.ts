import { useQuery } from '@tanstack/react-query';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import { api, ApiError } from '@/lib/api-client';
import { callApi, callRequest } from '@/lib/call-api';
import { tooManyAttempts } from '@/lib/retry-after';

/** GET /api/email-verification: what the link is about (reading it changes nothing). */
export const useVerificationState = (token: string) =>
  useQuery({
    queryKey: ['email-verification', token],
    queryFn: () => callApi(accountsCalls.verificationState, { query: { token } }),
    // A 400 or 404 is the answer, not a hiccup to retry.
    retry: false,
    staleTime: Infinity,
  });

/** POST /api/email-verification; a 429 says how long to wait (its Retry-After). */
export async function verifyEmail(token: string, password?: string) {
  let retryAfter: string | null = null;
  try {
    return await api<unknown>(
      ...callRequest(accountsCalls.verifyEmail, { body: { token, password } }),
      (headers) => (retryAfter = headers.get('retry-after')),
    );
  } catch (e) {
    if (e instanceof ApiError && e.status === 429)
      throw new ApiError(429, e.code, tooManyAttempts(retryAfter));
    throw e;
  }
}

/** POST /api/email-verification/decline: "I didn't create this account". */
export const declineAccount = (token: string) => callApi(accountsCalls.declineAccount, { body: { token } });
