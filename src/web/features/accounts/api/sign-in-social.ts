import { authFetch } from './auth-fetch';

export type SocialProvider = 'google' | 'oidc';

/**
 * POST /api/auth/sign-in/social, then leaves for the provider's page.
 * `from` is the path to come back to after a successful sign-in.
 */
export async function signInSocial(provider: SocialProvider, from: string): Promise<void> {
  const origin = window.location.origin;
  const { url } = await authFetch<{ url: string; redirect: boolean }>('/sign-in/social', {
    provider,
    callbackURL: origin + from,
    errorCallbackURL: `${origin}/login`,
  });
  window.location.assign(url);
}
