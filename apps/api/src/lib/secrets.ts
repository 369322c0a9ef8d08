import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';
import { randomSecret } from './crypto';

export type ServerSecrets = {
  jwtSecret: Uint8Array;
  cookieSecret: string;
  idpCookieKeys: string[];
  idpJwks: { keys: Record<string, unknown>[] };
  idpClientSecret: string;
};

/**
 * Returns the named secret, generating it on first use. Stored in the database rather than on local
 * disk so that every API instance on one PostgreSQL signs and verifies with the same keys.
 */
async function getOrCreate<T>(db: Db, name: string, generate: () => Promise<T> | T): Promise<T> {
  const existing = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (existing[0]) return existing[0].value as T;
  await db.insert(serverSecrets).values({ name, value: await generate() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value as T;
}

export async function loadServerSecrets(db: Db, jwtSecretFromEnv?: string): Promise<ServerSecrets> {
  const jwtSecret = jwtSecretFromEnv ?? (await getOrCreate(db, 'jwt_secret', () => randomSecret(48)));
  const cookieSecret = await getOrCreate(db, 'cookie_secret', () => randomSecret(48));
  const idpCookieKeys = await getOrCreate(db, 'idp_cookie_keys', () => [randomSecret(48)]);
  const idpClientSecret = await getOrCreate(db, 'idp_client_secret', () => randomSecret(32));
  const idpJwks = await getOrCreate(db, 'idp_jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, use: 'sig', alg: 'RS256', kid: randomSecret(8) }] };
  });
  return { jwtSecret: new TextEncoder().encode(jwtSecret), cookieSecret, idpCookieKeys, idpJwks, idpClientSecret };
}
