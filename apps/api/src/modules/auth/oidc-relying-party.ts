import * as client from 'openid-client';
import { AppError, badRequest, unauthorized } from '../../lib/errors';

export type SignInFlow = 'signin' | 'signup';

/** What the browser carries between authorize and token, in a signed http-only cookie. */
export type OidcTransaction = {
  state: string;
  verifier: string;
  flow: SignInFlow;
  /** The invitation a sign-up started from, so the callback page need not carry it. */
  invitation?: string;
};

/** Who the provider says signed in; `subject` is unique only at `issuer`. */
export type IdentityClaims = { issuer: string; subject: string; email: string; givenName: string; familyName: string; idToken: string | undefined };

export type RelyingPartyOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  publicUrl: string;
  /** Lets the embedded provider be reached in-process instead of over the network. */
  fetch?: client.CustomFetch;
};

export const CALLBACK_PATHS: Record<SignInFlow, string> = {
  signin: '/oauth2-redirect',
  signup: '/oauth2-signup-redirect',
};

/** The authorization-code + PKCE flow against any OpenID Connect provider, through openid-client. */
export function createRelyingParty(options: RelyingPartyOptions) {
  let discovered: Promise<client.Configuration> | undefined;
  const insecure = new URL(options.issuer).protocol === 'http:';

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        options.clientSecret ? { client_secret: options.clientSecret } : undefined,
        options.clientSecret ? client.ClientSecretPost(options.clientSecret) : client.None(),
        {
          execute: insecure ? [client.allowInsecureRequests] : [],
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new AppError(502, `The identity provider cannot be reached: ${(error as Error).message}`);
      });
    return discovered;
  }

  const redirectUri = (flow: SignInFlow) => `${options.publicUrl}${CALLBACK_PATHS[flow]}`;

  return {
    /** The provider's issuer: the namespace of the subjects it hands out. */
    issuer: options.issuer,

    /**
     * Asks the provider for its discovery document afresh and checks it names this issuer (the health
     * check); sign-in keeps the copy it discovered once.
     */
    async probe(signal: AbortSignal): Promise<void> {
      const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const init = { method: 'GET', headers: { accept: 'application/json' }, body: undefined, redirect: 'manual' as const, signal };
      const response = await (options.fetch ? options.fetch(url, init) : fetch(url, init));
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const document = (await response.json()) as { issuer?: unknown };
      if (document.issuer !== options.issuer) throw new Error('discovery names another issuer');
    },

    async authorizationUrl(flow: SignInFlow, extra: Record<string, string> = {}, invitation?: string) {
      const config = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(flow),
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        ...extra,
      });
      return { url: url.href, transaction: { state, verifier, flow, ...(invitation ? { invitation } : {}) } satisfies OidcTransaction };
    },

    async exchange(code: string, transaction: OidcTransaction, stateFromClient: string): Promise<IdentityClaims> {
      if (stateFromClient !== transaction.state) {
        throw badRequest('The sign-in state does not match; start signing in again', 'state_mismatch');
      }
      const config = await configuration();
      const callback = new URL(redirectUri(transaction.flow));
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', transaction.state);
      const metadata = config.serverMetadata();
      if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', metadata.issuer);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: transaction.verifier,
          expectedState: transaction.state,
        });
      } catch (error) {
        if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
          throw unauthorized('The authorization code is invalid or expired; sign in again', 'invalid_grant');
        }
        throw new AppError(502, `The identity provider refused the sign-in: ${(error as Error).message}`);
      }
      const claims = tokens.claims();
      const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : undefined;
      if (!claims || !email) throw unauthorized('The identity provider did not share an email address', 'missing_email');
      if (claims.email_verified === false) throw unauthorized('The email address is not verified by the identity provider', 'unverified_email');
      return {
        issuer: options.issuer,
        subject: claims.sub,
        email,
        givenName: typeof claims.given_name === 'string' ? claims.given_name : '',
        familyName: typeof claims.family_name === 'string' ? claims.family_name : '',
        idToken: tokens.id_token,
      };
    },

    /** Where to send the browser to end the provider's session, or undefined if it offers none. */
    async endSessionUrl(postLogoutRedirectUri: string): Promise<string | undefined> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client
        .buildEndSessionUrl(config, { client_id: options.clientId, post_logout_redirect_uri: postLogoutRedirectUri })
        .href;
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
