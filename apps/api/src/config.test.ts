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

  it('takes an OpenAI-compatible model for suggestions only when its URL and model are both given (the key is optional)', () => {
    expect(loadConfig({}).ai).toBeUndefined();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3' }).ai).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3' });
    expect(loadConfig({ AI_BASE_URL: 'https://api.example.com/v1', AI_MODEL: 'm', AI_API_KEY: ' sk-1 ' }).ai).toEqual({ baseUrl: 'https://api.example.com/v1', apiKey: 'sk-1', model: 'm' });
    expect(loadConfig({ AI_BASE_URL: ' ', AI_MODEL: '', AI_API_KEY: '' }).ai).toBeUndefined();
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
    [{ AI_BASE_URL: 'ftp://models.example.com' }, 'Invalid environment variable AI_BASE_URL: must be an http:// or https:// URL'],
    [{ AI_BASE_URL: 'not a url', AI_MODEL: 'm' }, 'Invalid environment variable AI_BASE_URL: must be an http:// or https:// URL'],
    [{ AI_BASE_URL: 'https://models.example.com/v1' }, 'Invalid environment variable AI_MODEL: required when AI_BASE_URL or AI_API_KEY is set'],
    [{ AI_MODEL: 'gpt-4o-mini' }, 'Invalid environment variable AI_BASE_URL: required when AI_MODEL or AI_API_KEY is set'],
    [{ AI_API_KEY: 'sk-1', AI_MODEL: 'gpt-4o-mini' }, 'Invalid environment variable AI_BASE_URL: required when AI_MODEL or AI_API_KEY is set'],
  ])('stops on %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
