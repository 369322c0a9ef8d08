import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const optionalUrl = optionalText.pipe(z.url({ error: 'must be a URL' }).optional());

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  AUTH_DUMMY_ENABLED: flag(false),
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  SMTP_FROM: optionalText,
  SENTRY_DSN: optionalUrl,
  DOCS_URL: optionalUrl,
  STATUS_URL: optionalUrl,
  TRUST_PROXY: flag(false),
  RESPONSE_VALIDATION: flag(false),
  BODY_LIMIT_BYTES: z.coerce.number({ error: 'must be a number' }).int().min(1024).default(1_048_576),
  READ_CACHE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).min(0).max(4096).default(32),
  AI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  authDummyEnabled: boolean;
  seedDemo: boolean;
  authRateLimitMax: number;
  jwtSecret: string | undefined;
  s3:
    | { endpoint: string | undefined; bucket: string; region: string | undefined; accessKeyId: string | undefined; secretAccessKey: string | undefined }
    | undefined;
  /** Outgoing mail (invitations); unset: links are shown to the admin to share by hand. */
  smtp: { url: string; from: string } | undefined;
  sentryDsn: string | undefined;
  /** Where Support leads (DOCS_URL); unset: the web app's own help page, /help. */
  docsUrl: string | undefined;
  /** Where the footer's Status link leads (STATUS_URL); unset: the web app's own status page, /status. */
  statusUrl: string | undefined;
  trustProxy: boolean;
  bodyLimit: number;
  logLevel: string;
  /**
   * An OpenAI-compatible chat completions endpoint (AI_BASE_URL, e.g. https://api.openai.com/v1; AI_MODEL;
   * AI_API_KEY, sent as a bearer token when set) that may rerank and explain evidence suggestions. Unset:
   * suggestions come from PostgreSQL full-text ranking alone, which is always the fallback.
   */
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /**
   * Checks every answer against its documented schema before sending it (RESPONSE_VALIDATION): the tests
   * turn it on, so an answer that breaks its schema fails them; in production answers go through the
   * compiled serializers alone (plugins/serializer.ts).
   */
  validateResponses: boolean;
  /**
   * Memory each instance may give to the answers of recent reads (READ_CACHE_MB, default 32; 0 turns the
   * cache off): plugins/read-cache.ts.
   */
  readCacheBytes: number;
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  const oidcGiven = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID].filter(Boolean).length;
  if (oidcGiven === 1) {
    throw new ConfigError(
      `Invalid environment variable ${e.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'}: OIDC_ISSUER and OIDC_CLIENT_ID must be set together`,
    );
  }
  if (e.S3_ENDPOINT && !e.S3_BUCKET) {
    throw new ConfigError('Invalid environment variable S3_BUCKET: required when S3_ENDPOINT is set');
  }
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(`Invalid environment variable ${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: required when S3_BUCKET is set`);
  }
  if ((e.AI_BASE_URL || e.AI_API_KEY) && !e.AI_MODEL) {
    throw new ConfigError('Invalid environment variable AI_MODEL: required when AI_BASE_URL or AI_API_KEY is set');
  }
  if ((e.AI_MODEL || e.AI_API_KEY) && !e.AI_BASE_URL) {
    throw new ConfigError('Invalid environment variable AI_BASE_URL: required when AI_MODEL or AI_API_KEY is set');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    authDummyEnabled: e.AUTH_DUMMY_ENABLED,
    // Demo data is seeded by default in the embedded mode only; SEED_DEMO=true asks for it on PostgreSQL too.
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : ['true', '1', 'yes'].includes(e.SEED_DEMO),
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    jwtSecret: e.JWT_SECRET,
    s3: e.S3_BUCKET
      ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? 'Aegis <no-reply@localhost>' } : undefined,
    sentryDsn: e.SENTRY_DSN,
    docsUrl: e.DOCS_URL,
    statusUrl: e.STATUS_URL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    ai: e.AI_BASE_URL && e.AI_MODEL ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL } : undefined,
    validateResponses: e.RESPONSE_VALIDATION,
    readCacheBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
  };
}
