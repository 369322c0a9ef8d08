import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, oidc: undefined, authDummyEnabled: false, seedDemo: true });
  });

  it('seeds demo data by default only in the embedded mode', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid environment variable PORT: must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid environment variable DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'Invalid environment variable OIDC_CLIENT_ID: OIDC_ISSUER and OIDC_CLIENT_ID must be set together'],
    [{ PUBLIC_URL: 'not a url' }, 'Invalid environment variable PUBLIC_URL: must be a URL'],
    [{ AUTH_DUMMY_ENABLED: 'maybe' }, 'Invalid environment variable AUTH_DUMMY_ENABLED: must be true or false'],
    [{ JWT_SECRET: 'short' }, 'Invalid environment variable JWT_SECRET: must be at least 32 characters'],
    [{ S3_BUCKET: 'files' }, 'Invalid environment variable S3_ACCESS_KEY_ID: required when S3_BUCKET is set'],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKID' }, 'Invalid environment variable S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set'],
  ])('stops on %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
