import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/client';
import type { ServerSecrets } from '../lib/secrets';
import { accountRepository } from './account-repository';
import { postgresAdapter } from './adapter';
import { escapeHtml, messagePage, page } from './views';

export const IDP_PATH = '/idp';
export const IDP_CLIENT_ID = 'aegis-web';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type EmbeddedIdp = {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Ends the provider session the browser carries, if any. */
  endSession(req: IncomingMessage, res: ServerResponse): Promise<void>;
};

/** The embedded OpenID Connect provider with local accounts, used when no external provider is configured. */
export function createEmbeddedIdp(opts: { db: Db; publicUrl: string; secrets: ServerSecrets; trustProxy: boolean }): EmbeddedIdp {
  const issuer = `${opts.publicUrl}${IDP_PATH}`;
  const secure = opts.publicUrl.startsWith('https://');

  const configuration: Configuration = {
    adapter: postgresAdapter(opts.db),
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: opts.secrets.idpClientSecret,
        redirect_uris: [`${opts.publicUrl}/oauth2-redirect`, `${opts.publicUrl}/oauth2-signup-redirect`],
        post_logout_redirect_uris: [`${opts.publicUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    cookies: {
      keys: opts.secrets.idpCookieKeys,
      long: { signed: true, secure, sameSite: 'lax' },
      short: { signed: true, secure, sameSite: 'lax' },
    },
    jwks: opts.secrets.idpJwks as Configuration['jwks'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // Put the requested claims in the ID token, so the relying party needs no userinfo call.
    conformIdTokenClaims: false,
    extraParams: ['signup_token'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = page(
            'Sign out',
            `<h1>Sign out</h1><p class="lead">Do you want to sign out?</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = messagePage('Signed out', 'You have been signed out.');
        },
      },
    },
    findAccount: async (_ctx, id) => {
      if (!UUID.test(id)) return undefined;
      const account = await accountRepository.findById(opts.db, id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`.trim(),
        }),
      };
    },
    // First-party client: consent is implied, so sign-in never stops at a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const client = oidc.client;
      const session = oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== IDP_CLIENT_ID) return undefined;
      const grant = new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${IDP_PATH}/interaction/${interaction.uid}` },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in problem',
        `<h1>Sign-in problem</h1><p class="lead">${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="/login">Back to sign in</a></p>`,
      );
    },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = opts.trustProxy;

  return {
    provider,
    issuer,
    clientId: IDP_CLIENT_ID,
    clientSecret: opts.secrets.idpClientSecret,
    async endSession(req, res) {
      const session = await provider.Session.get({ req, res } as unknown as KoaContextWithOIDC);
      if (session?.accountId) await session.destroy();
    },
  };
}
