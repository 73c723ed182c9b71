import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** The claims the test identity provider hands out for one account. */
export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port>, exactly what the provider advertises as its issuer. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for createTestApp. */
  env: Record<'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET', string>;
  /**
   * Plays the browser at the provider: opens an authorization URL, signs in as `login` on the provider's
   * own login form, confirms consent, and returns the URL the provider finally redirects to (our callback).
   */
  authorize(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

// oidc-provider ships no type declarations: this is the little of its API the tests use.
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(event: string, listener: (...args: unknown[]) => void): void;
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProviderInstance;

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 and an ephemeral port, with one
 * confidential client whose only redirect URI is `redirectUri`, and the development login/consent pages.
 */
export async function startOidcProvider(opts: {
  redirectUri: string;
  accounts: OidcAccount[];
}): Promise<TestOidcProvider> {
  // oidc-provider warns (on stderr) about its development defaults and about Node 20; those are the point here.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await start(opts);
  } finally {
    console.warn = warn;
  }
}

async function start(opts: { redirectUri: string; accounts: OidcAccount[] }): Promise<TestOidcProvider> {
  // Imported by a computed name because the package ships no typings.
  const moduleName = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as { default: OidcProviderClass };

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'shop-test-client';
  const clientSecret = randomBytes(24).toString('hex');
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // Better Auth's generic OAuth client sends its secret in the token request body.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ ...account }) };
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 60, Session: 60, Grant: 60, AuthorizationCode: 60, AccessToken: 60, IdToken: 60 },
  });
  const errors: unknown[] = [];
  provider.on('server_error', (_ctx, err) => errors.push(err));
  server.on('request', provider.callback());

  // The browser's cookies at the provider: name → value, per path (interaction cookies are path-scoped).
  const jar = new Map<string, { name: string; value: string; path: string }>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const gone =
        attr('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now()) || !value;
      if (gone) jar.delete(`${name};${path}`);
      else jar.set(`${name};${path}`, { name, value, path });
    }
  };
  const cookiesFor = (url: URL) =>
    [...jar.values()]
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');

  const send = async (url: URL, init: { method?: string; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { accept: 'text/html' };
    const cookie = cookiesFor(url);
    if (cookie) headers.cookie = cookie;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    });
    remember(res);
    return res;
  };

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    async authorize(authorizationUrl, login) {
      let url = new URL(authorizationUrl);
      let res = await send(url);
      for (let step = 0; step < 12; step++) {
        if (res.status >= 300 && res.status < 400) {
          const location = res.headers.get('location');
          if (!location) throw new Error(`provider redirect without a location from ${url.href}`);
          await res.body?.cancel();
          url = new URL(location, url);
          if (url.origin !== issuer) return url;
          res = await send(url);
          continue;
        }
        const html = await res.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (res.status !== 200 || !prompt || !action) {
          throw new Error(
            `provider answered ${res.status} at ${url.href}: ${html.slice(0, 500)}${errors.length ? `\nserver errors: ${errors.map(String).join('; ')}` : ''}`,
          );
        }
        url = new URL(action.replace(/&amp;/g, '&'), url);
        res = await send(url, {
          method: 'POST',
          form: prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
        });
      }
      throw new Error('provider did not redirect back to the client within 12 steps');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
